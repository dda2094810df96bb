import Foundation
import Testing
import TestSupport

/// The tests' one way to start a program: it must read everything a child prints, never hang on
/// a child that does not end, and leave the child none of the test's descriptors.
@Suite("Programs the tests start")
struct SpawnedProcessTests {
    @Test("a child printing more than a pipe holds on both streams is read whole")
    func readsBothStreams() throws {
        let script = "import sys; sys.stdout.write('o' * 300000); sys.stderr.write('e' * 300000); sys.exit(3)"
        let completed = try SpawnedProcess.run("/usr/bin/python3", ["-c", script], within: 30)
        #expect(completed.status == 3)
        #expect(completed.output.count == 300000 && completed.output.allSatisfy { $0 == "o" })
        #expect(completed.errors.count == 300000 && completed.errors.allSatisfy { $0 == "e" })
    }

    @Test("a child still running at its deadline is killed, reaped and named in the error")
    func deadline() throws {
        let started = Date()
        let error = #expect(throws: SpawnedProcess.Failure.self) {
            _ = try SpawnedProcess.run("/bin/sh", ["-c", "echo waiting; exec sleep 30"], within: 2)
        }
        #expect(Date().timeIntervalSince(started) < 15)
        guard case let .timedOut(_, _, printed, pid)? = error else {
            Issue.record("not a time-out: \(String(describing: error))")
            return
        }
        #expect(error.map { "\($0)" }?.contains("sleep 30 was still running after 2.0 s") == true)
        #expect(printed.contains("waiting"))
        #expect(kill(pid, 0) == -1 && errno == ESRCH, "the child is gone, its zombie too")
    }

    @Test("a child holds only its standard three descriptors, not the test's pipes")
    func descriptors() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        let completed = try SpawnedProcess.run("/bin/ls", ["/proc/self/fd"], within: 30)
        // ls itself opens one, for the folder it lists; an inherited pipe would add two.
        let open = completed.output.split(separator: "\n").compactMap { Int($0) }.filter { $0 > 2 }
        #expect(open.count <= 1, "\(open)")
    }

    @Test("a server's banner is read up to its text, from the folder it was started in")
    func banner() throws {
        let folder = FileManager.default.temporaryDirectory.path
        let process = try SpawnedProcess(executable: "/bin/sh", arguments: ["-c", "pwd; echo ready; exec sleep 30"], directory: folder)
        let seen = process.readOutput(until: "ready", within: 10)
        process.terminate()
        process.waitUntilExit()
        #expect(seen.hasPrefix(URL(fileURLWithPath: folder).resolvingSymlinksInPath().path) && seen.contains("ready"))
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGTERM)
    }

    @Test("reads and waits on a silent child that keeps running end at their deadlines")
    func silentChild() throws {
        let process = try SpawnedProcess(executable: "/bin/sleep", arguments: ["30"])
        let started = Date()
        #expect(process.readOutput(until: "never", within: 0.5).isEmpty)
        #expect(process.readOutput(within: 0.5).isEmpty)
        #expect(!process.waitUntilExit(within: 0.5))
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(process.isRunning)
        process.kill()
        #expect(process.waitUntilExit(within: 10))
        #expect(process.terminationStatus == SIGKILL)
    }

    @Test("a child writing much to standard error before its banner does not block")
    func errorsBeforeBanner() throws {
        let script = "import sys; sys.stderr.write('e' * 300000); sys.stderr.flush(); print('ready', flush=True)"
        let process = try SpawnedProcess(executable: "/usr/bin/python3", arguments: ["-c", script], standardError: .piped)
        #expect(process.readOutput(until: "ready", within: 20).contains("ready"))
        process.terminate()
        let rest = process.collect(within: 20)
        process.waitUntilExit()
        #expect(rest.ended && rest.errors.count == 300000)
    }
}
