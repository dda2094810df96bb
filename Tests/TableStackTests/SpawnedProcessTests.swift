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
        let completed = try SpawnedProcess.run("/usr/bin/python3", ["-c", script])
        #expect(completed.status == 3)
        #expect(completed.output.count == 300000 && completed.output.allSatisfy { $0 == "o" })
        #expect(completed.errors.count == 300000 && completed.errors.allSatisfy { $0 == "e" })
    }

    @Test("a child still running at its deadline is killed and named in the error")
    func deadline() throws {
        let started = Date()
        #expect(throws: SpawnedProcess.TimedOut.self) {
            _ = try SpawnedProcess.run("/bin/sh", ["-c", "echo waiting; sleep 30"], within: 0.5)
        }
        #expect(Date().timeIntervalSince(started) < 10)
        do {
            _ = try SpawnedProcess.run("/bin/sh", ["-c", "echo waiting; sleep 30"], within: 0.5)
        } catch let error as SpawnedProcess.TimedOut {
            #expect(error.description.contains("sleep 30") && error.printed.contains("waiting"))
        }
    }

    @Test("a child holds only its standard three descriptors, not the test's pipes")
    func descriptors() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        let completed = try SpawnedProcess.run("/bin/ls", ["/proc/self/fd"])
        // ls itself opens one, for the folder it lists; an inherited pipe would add two.
        let open = completed.output.split(separator: "\n").compactMap { Int($0) }.filter { $0 > 2 }
        #expect(open.count <= 1, "\(open)")
    }

    @Test("a server's banner is read up to its text, from the folder it was started in")
    func banner() throws {
        let folder = FileManager.default.temporaryDirectory.path
        let process = try SpawnedProcess(executable: "/bin/sh", arguments: ["-c", "pwd; echo ready; sleep 30"], directory: folder)
        let seen = process.readOutput(until: "ready", within: 10)
        process.terminate()
        process.waitUntilExit()
        #expect(seen.hasPrefix(URL(fileURLWithPath: folder).resolvingSymlinksInPath().path) && seen.contains("ready"))
        #expect(process.terminationReason == .uncaughtSignal)
    }
}
