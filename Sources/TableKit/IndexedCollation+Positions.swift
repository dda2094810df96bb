import Foundation

extension IndexedCollation {
    /// The list whose items have the collation strings `strings`, collated: Listing 4-7's
    /// sections by position, each sorted unless `sortingSections` is false.
    public func collatedPositions(of strings: [String], sortingSections: Bool = true) -> CollatedPositions {
        CollatedPositions(strings: strings, collation: self, sorting: sortingSections)
    }
}
