import Foundation
import TableStore

/// Makes keys for new items of one list from their names: the name, then the name with 2, 3, …,
/// skipping keys the list has and keys already handed out. It remembers where each name's numbering got
/// to, so that a thousand new items of one name cost a thousand lookups, not half a million.
/// After a key was lost to someone adding at the same moment (`afterLostRace`), a random number
/// follows the name: trying 2, 3, … again would send every one of several people adding the same
/// name to the same next key, round after round.
struct KeyMaker {
    let store: any DataStore
    /// The list the keys are for; keys are unique in their list.
    let list: ListID
    /// Keys not to hand out (given already, or lost to someone else).
    private(set) var taken: Set<String>
    private var nextSuffix: [String: Int] = [:]

    init(store: any DataStore, list: ListID, taken: Set<String> = []) {
        self.store = store
        self.list = list
        self.taken = taken
    }

    /// A free key for an item with `attributes`, and none of `avoiding` (keys handed out for
    /// other lists shown with this one); with `reusingKeys`, a key the list has already may be
    /// given again (a list being replaced whole).
    mutating func key(for attributes: [String: AttributeValue], avoiding: Set<String> = [], reusingKeys: Bool = false,
                      afterLostRace: Bool = false) async throws -> String {
        let name = attributes["name"]?.description ?? attributes.values.first?.description ?? "item"
        let base = ItemKey.slug(name)
        // `nil`: the name itself, not yet tried for this base.
        var number = nextSuffix[base]
        while true {
            let candidate = number.map { "\(base)-\(afterLostRace ? Int.random(in: 1_000...999_999) : $0)" } ?? base
            if !taken.contains(candidate), !avoiding.contains(candidate) {
                let isFree = try await reusingKeys ? true : store.item(candidate, in: list) == nil
                if isFree {
                    taken.insert(candidate)
                    nextSuffix[base] = (number ?? 1) + 1
                    return candidate
                }
            }
            number = (number ?? 1) + 1
        }
    }
}
