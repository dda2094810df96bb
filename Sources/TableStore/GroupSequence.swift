import Foundation

/// The change log's numbers for the writes of one group commit (see `GroupCommit`): the counter
/// is read once, each write that is kept takes the next number, and the last one is written
/// back once before the group commits. One statement per write fewer than taking each number
/// with `UPDATE … RETURNING`, whose result SQLite collects in a table of its own first. The
/// group's transaction holds SQLite's write lock from its start, so no other writer takes a
/// number in between.
final class GroupSequence {
    /// The counter as the group found it, once read.
    private var start: Int?
    /// The number of the last write kept.
    private var last: Int?
    /// The number the write now running took, until it is kept or rolled back.
    private var taken: Int?

    /// The number for the write now running, which takes one at most.
    func next(in db: any SQLExecutor) throws -> Int {
        precondition(taken == nil, "a write takes one number of the change log")
        if start == nil {
            guard let counter = try StoreWrites.counter(in: db) else { throw StoreWrites.missingCounter }
            start = counter
        }
        let number = (last ?? start ?? 0) + 1
        taken = number
        return number
    }

    /// The write now running was kept (`true`) or rolled back.
    func settle(kept: Bool) {
        if kept, let taken { last = taken }
        taken = nil
    }

    /// Writes the last number kept back to the counter, if a write kept one.
    func save(in db: any SQLExecutor) throws {
        guard let last else { return }
        try StoreWrites.setNewestSequence(last, in: db)
    }
}
