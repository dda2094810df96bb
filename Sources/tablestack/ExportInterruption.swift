import Dispatch
import Foundation
import Synchronization
import TableExport

/// Ctrl-C and SIGTERM during an export. The first cancels the export: it finishes the pages in
/// hand, begins no other, and a fresh export removes its half-made folder itself, with no page
/// being written into it; the command then ends as the signal would have ended it, so that a
/// script running it stops too. A second, from someone who will not wait, removes the half-made
/// folder at once and ends the command there.
final class ExportInterruption: @unchecked Sendable {
    private let received = Mutex<Int32?>(nil)
    /// The export a first signal cancels, once it is started.
    private let export = Mutex<Task<ExportReport, any Error>?>(nil)
    /// Set once, in `init`; the handlers run one at a time, on a queue of their own.
    private var sources: [any DispatchSourceSignal] = []
    private static let signals = [SIGINT, SIGTERM]

    /// Handles the signals from when it returns: made before the export starts, since a signal
    /// that came before the handlers were in place would end the command at once, its
    /// half-made folder left.
    init() {
        let queue = DispatchQueue(label: "tablestack.export.interruption")
        sources = Self.signals.map { number in
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { [unowned self] in
                let isFirst = received.withLock { received in
                    defer { received = received ?? number }
                    return received == nil
                }
                if isFirst {
                    export.withLock { $0 }?.cancel()
                } else {
                    StagingFolders.removeAll()
                    printError("tablestack: interrupted again; stopped at once, and a new folder's half-made pages are removed")
                    Self.end(by: number)
                }
            }
            // libdispatch takes the signal over on a thread of its own after `resume`: wait until
            // it has, or a signal in between would still end the command by default.
            let registered = DispatchSemaphore(value: 0)
            source.setRegistrationHandler { registered.signal() }
            source.resume()
            registered.wait()
            return source
        }
    }

    /// Takes the export that a first signal cancels; cancels it at once if one came already.
    func cancels(_ task: Task<ExportReport, any Error>) {
        export.withLock { $0 = task }
        if signal != nil { task.cancel() }
    }

    /// The signal that interrupted the export, if one did.
    var signal: Int32? { received.withLock { $0 } }

    /// Stops handling the signals: from now on they end the command as they usually do.
    func stop() {
        for source in sources { source.cancel() }
        for number in Self.signals { Glibc.signal(number, SIG_DFL) }
    }

    /// Ends the command by `number`, as if it had not been handled.
    static func end(by number: Int32) -> Never {
        // What was printed goes out first: the signal's default action flushes nothing.
        fflush(nil)
        Glibc.signal(number, SIG_DFL)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        sigaddset(&unblocked, number)
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        raise(number)
        _exit(128 + number)
    }
}
