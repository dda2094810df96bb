import Foundation
import TableStore
import Testing

/// A list's identity: equal and hashed alike however it was made, and written to JSON as its two names.
@Suite("List identities")
struct ListIDTests {
    @Test("IDs made apart from the same names are equal, hash alike and find each other in sets; different names do not")
    func equalityAndHash() {
        let root = ListID.root("regions")
        let child = root.child(of: "north", relationship: "trails")
        #expect(root == ListID(parent: nil, relationship: "regions"))
        #expect(child == ListID(parent: "regions/north", relationship: "trails"))
        #expect(child.hashValue == ListID(parent: "regions/north", relationship: "trails").hashValue)
        let lists: Set = [root, child]
        #expect(lists.contains(ListID(parent: "regions/north", relationship: "trails")))
        // The same characters split differently between the two names are another list.
        #expect(ListID(parent: "a", relationship: "b") != ListID(parent: "ab", relationship: ""))
        #expect(ListID(parent: nil, relationship: "a") != ListID(parent: "", relationship: "a"))
        #expect(!lists.contains(ListID.root("trails")))
    }

    @Test("JSON holds the parent (when there is one) and the relationship, and reads back equal")
    func json() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let child = ListID(parent: "regions/north", relationship: "trails")
        #expect(String(decoding: try encoder.encode(child), as: UTF8.self) == #"{"parent":"regions\/north","relationship":"trails"}"#)
        #expect(String(decoding: try encoder.encode(ListID.root("regions")), as: UTF8.self) == #"{"relationship":"regions"}"#)
        for id in [child, .root("regions")] {
            let read = try JSONDecoder().decode(ListID.self, from: try encoder.encode(id))
            #expect(read == id && read.hashValue == id.hashValue)
        }
    }
}
