import Testing
import TableStore

/// Which items of one list a run of commits touched, for an export copying the rest of a long
/// list's page from its file.
@Suite("Keys a run of commits touched in a list")
struct ChangedDataTests {
    static let list = ListID.root("cities")

    static func commit(_ list: ListID, inserted: [String] = [], deleted: [String] = [], moved: [String] = [], reloaded: [String] = [],
                       reset: Bool = false, everything: Bool = false) -> Commit {
        var record = ListChangeRecord(list: list, revision: 2)
        (record.inserted, record.deleted, record.moved, record.reloaded, record.reset) = (inserted, deleted, moved, reloaded, reset)
        return Commit(sequence: 1, lists: [record], everything: everything)
    }

    @Test("every key inserted, deleted, moved or reloaded in the list, and no key of another list")
    func keysOfTheList() {
        let changes = ChangedData([
            Self.commit(Self.list, inserted: ["new"], deleted: ["gone"]),
            Self.commit(Self.list, moved: ["paris"], reloaded: ["rome"]),
            Self.commit(.root("towns"), inserted: ["elsewhere"]),
            Self.commit(Self.list.child(of: "oslo", relationship: "streets"), reloaded: ["main"]),
        ])
        let touched = changes.touchedKeys(of: Self.list)
        #expect(touched?.isSuperset(of: ["new", "gone", "paris", "rome"]) == true)
        #expect(touched?.contains("elsewhere") == false)
        // A change in a list below an item is that list's, not the item's.
        #expect(touched?.contains("oslo") == false && touched?.contains { $0.contains("/") } == false)
        #expect(changes.touchedKeys(of: .root("villages")) == [])
    }

    @Test("no keys can be told when the list was rewritten whole, its owner taken away, or the store replaced")
    func nothingToTell() {
        #expect(ChangedData([Self.commit(Self.list, reset: true)]).touchedKeys(of: Self.list) == nil)
        let streets = Self.list.child(of: "oslo", relationship: "streets")
        #expect(ChangedData([Self.commit(Self.list, deleted: ["oslo"])]).touchedKeys(of: streets) == nil)
        #expect(ChangedData([Self.commit(Self.list, reset: true)]).touchedKeys(of: streets) == nil)
        #expect(ChangedData([Self.commit(.root("towns"), everything: true)]).touchedKeys(of: Self.list) == nil)
        // Taking away another item of the list leaves this one's own list to be told.
        #expect(ChangedData([Self.commit(Self.list, deleted: ["bergen"])]).touchedKeys(of: streets) == [])
    }
}
