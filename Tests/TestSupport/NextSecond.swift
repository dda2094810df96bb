import Foundation

/// Waits until the clock's second changes. An export keeps its state only for data committed
/// before the second it began in, so a test that wants one found up to date waits for the next.
public func waitForNextSecond() async throws {
    let now = Int(Date().timeIntervalSince1970)
    while Int(Date().timeIntervalSince1970) == now { try await Task.sleep(for: .milliseconds(20)) }
}
