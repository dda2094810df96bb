import Foundation
import Synchronization
import Testing
@testable import TableExport

@Suite("Large values are let go of in the background")
struct BackgroundReleaseTests {
    /// Counts its own frees.
    final class Tracked: Sendable {
        let freed: Freed
        init(_ freed: Freed) { self.freed = freed }
        deinit { freed.count.add(1, ordering: .relaxed) }
    }

    final class Freed: Sendable {
        let count = Atomic(0)
    }

    @Test("a value handed over is freed once, not kept: nothing of it leaks")
    func freesWhatItIsHanded() async throws {
        let freed = Freed()
        let values = (0..<1_000).map { _ in Tracked(freed) }
        BackgroundRelease.release((consume values, ["kept": Tracked(freed)]))
        // The task runs at background priority: it is given up to ten seconds.
        for _ in 0..<1_000 where freed.count.load(ordering: .relaxed) < 1_001 {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(freed.count.load(ordering: .relaxed) == 1_001)
    }
}
