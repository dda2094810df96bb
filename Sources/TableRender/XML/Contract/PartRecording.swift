/// A part of a page being recorded by the contract scanner (`ContractPart`): where it begins and
/// ends, what the reading was as it began, and what it has given so far.
struct PartRecording {
    var number: Int
    var start: Int
    var end: Int
    var context: ContractPart.Context
    var firstLink: Int
    var ids: [String] = []
    var rowPaths: [String] = []
    /// What the page as a whole has counted (`main`s, bars, indexes, children of the root, index
    /// links): a part that changes any of it cannot be taken as given elsewhere.
    var counts: [Int]
    /// False once the part closed an element it did not open.
    var isWhole = true
}
