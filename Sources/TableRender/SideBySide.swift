import Foundation

/// Two pieces of work that need nothing of each other, run at once.
package enum SideBySide {
    /// Runs `first` and `second` at once (on two cores where there are two) and returns when
    /// both have ended.
    package static func run(_ first: @Sendable () -> Void, _ second: @Sendable () -> Void) {
        DispatchQueue.concurrentPerform(iterations: 2) { part in
            if part == 0 { first() } else { second() }
        }
    }
}
