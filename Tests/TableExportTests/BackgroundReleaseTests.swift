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
        // The task runs at background priority: on a loaded machine it is given up to a minute.
        let deadline = ContinuousClock.now + .seconds(60)
        while freed.count.load(ordering: .relaxed) < 1_001, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(freed.count.load(ordering: .relaxed) == 1_001)
    }

    @Test("in a process that ends after its export, a value handed over is kept, not freed")
    func keptToExit() {
        let kept = Freed()
        let before = BackgroundRelease.keptToExitCount
        BackgroundRelease.release([Tracked(kept), Tracked(kept)], keepingToExit: true)
        #expect(BackgroundRelease.keptToExitCount == before + 1)
        #expect(kept.count.load(ordering: .relaxed) == 0)
    }
}
