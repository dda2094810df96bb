import Foundation
import TableStore

/// How a list grouped by an attribute forms its sections: one per value of the attribute, the
/// values the app file orders first in that order, then the others as they first appear; a
/// value no item has makes no section. Loading a scene and checking a batch ask the same rule.
struct AttributeGrouping {
    let attribute: String
    let order: [String]

    /// One section: the value's text (its title), the value itself, and its members in order.
    struct Group<Member> {
        var title: String
        var value: AttributeValue?
        var members: [Member]
    }

    /// The sections `members` form, each member's item read by `item`.
    func groups<Member>(of members: [Member], item: (Member) -> StoredItem?) -> [Group<Member>] {
        var groups = order.map { Group<Member>(title: $0, value: nil, members: []) }
        var indexByTitle = Dictionary(order.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { first, _ in first })
        for member in members {
            let value = item(member)?[attribute]
            let title = value?.description ?? ""
            if let index = indexByTitle[title] {
                if groups[index].members.isEmpty { groups[index].value = value }
                groups[index].members.append(member)
            } else {
                indexByTitle[title] = groups.count
                groups.append(Group(title: title, value: value, members: [member]))
            }
        }
        return groups.filter { !$0.members.isEmpty }
    }
}
