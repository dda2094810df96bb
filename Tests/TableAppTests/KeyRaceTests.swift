import Foundation
import Synchronization
import Testing
import TableApp
import TableStore

/// Someone adding an item of the same name at the same moment takes the key an Add picked: the
/// Add makes its key again, with a random number after the name, and is made.
@Suite("A new item's key taken at the same moment")
struct KeyRaceTests {
    @Test("an Add whose key was taken between its pick and its save is made under another key, the other item untouched")
    func keyTakenMeanwhile() async throws {
        let demo = try await DemoFixture()
        defer { demo.remove() }
        // The store answers each key as free the first time, as it was before someone else's add landed.
        let runtime = AppRuntime(app: try DemoApp.definition(), store: LateKeyStore(base: demo.store))
        let scene = try await runtime.resolve(["groceries"])
        let outcome = try await SceneEditor(runtime: runtime, scene: scene)
            .perform(.add(fields: ["name": "Eggs", "quantity": "6"]), revisionToken: scene.revisionToken)
        let key = try #require(outcome.highlightKey)
        // Made again after the lost race: a random number, not the next one, which the other Add may take too.
        #expect(key.hasPrefix("eggs-") && Int(key.dropFirst("eggs-".count)).map { $0 >= 1_000 } == true, "\(key)")
        #expect(try await demo.store.item(key, in: .root("groceries"))?["quantity"] == .number(6))
        #expect(try await demo.store.item("eggs", in: .root("groceries"))?["quantity"] == .number(12))
    }
}

/// A store that passes everything through but answers the first lookup of each key with no item.
private struct LateKeyStore: ForwardingStore {
    let base: SQLiteStore
    private let looked = LookedKeys()

    init(base: SQLiteStore) { self.base = base }

    func item(_ key: String, in list: ListID) async throws -> StoredItem? {
        guard !looked.keys.withLock({ $0.insert(key).inserted }) else { return nil }
        return try await base.item(key, in: list)
    }
}

private final class LookedKeys: Sendable {
    let keys = Mutex<Set<String>>([])
}
