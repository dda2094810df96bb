import TableKit

/// How a Move up or Move down names the neighbour it passes (`MoveNeighbour`): the fields its
/// button puts in its `formaction`'s query, read back from the post by the server. `past=KEY`
/// names the row passed; `end-beside=KEY` a section's end, KEY the row on the moved row's
/// other side, empty when it is alone in its section.
public enum MoveNeighbourFields {
    /// The fields' names: the only ones a post takes from its URL's query.
    public static let names = ["past", "end-beside"]

    /// The fields naming `neighbour`.
    public static func fields(for neighbour: MoveNeighbour) -> [(String, String)] {
        switch neighbour {
        case let .row(key): [("past", key)]
        case let .sectionEnd(otherSide): [("end-beside", otherSide ?? "")]
        }
    }

    /// Why a post's fields name no neighbour that can be read.
    public struct Malformed: Error, Sendable {
        public let reason: String
    }

    /// The neighbour a post's fields (`field`, by name) name; `nil` when they name none.
    public static func neighbour(in field: (String) -> String?) throws(Malformed) -> MoveNeighbour? {
        switch (field("past"), field("end-beside")) {
        case (nil, nil): return nil
        case let (key?, nil):
            guard !key.isEmpty else { throw Malformed(reason: "the field \"past\" is empty; it names the row the move passes") }
            return .row(key: key)
        case let (nil, key?): return .sectionEnd(otherSide: key.isEmpty ? nil : key)
        case (_?, _?):
            throw Malformed(reason: "the form names both the row the move passes (\"past\") and a section's end (\"end-beside\"); send one")
        }
    }
}
