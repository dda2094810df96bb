import Foundation
import Testing
import TestSupport
import TableApp

/// The advice TableKit gives about indexed lists (no disclosure accessory under the index bar),
/// printed by `tablestack validate --app` and by `tablestack serve` as it starts.
@Suite("The index-accessory warning")
struct IndexWarningTests {
    static let app = """
        title: States
        root: states
        scenes:
          states:
            title: States
            list: states
            index: { by: name }
            cell: { text: "{name}", accessory: disclosure-indicator }
        """
    static let warning = "app.yaml:8:40: warning: a disclosure-indicator accessory sits under the index bar of an indexed list; the guide gives indexed rows none"

    /// Runs the command with `arguments`; returns its status, standard error and output once it ends,
    /// or, with `until`, once standard output shows that text (then it is stopped).
    static func run(_ arguments: [String], until banner: String? = nil) throws -> (status: Int32, errors: String, output: String) {
        guard let banner else {
            let completed = try SpawnedProcess.run(RunningServer.binary, arguments)
            return (completed.status, completed.errors, completed.output)
        }
        let process = try SpawnedProcess(executable: RunningServer.binary, arguments: arguments, standardError: .piped)
        let seen = process.readOutput(until: banner, within: 60)
        process.terminate()
        let rest = process.collect(within: 60)
        process.waitUntilExit()
        return (process.terminationStatus, rest.errors, seen + rest.output)
    }

    @Test("the loader reports it with the line and column of the accessory; the demo has none")
    func loader() throws {
        let app = try AppFileLoader.parse(Self.app, file: "app.yaml")
        #expect(app.warnings.map(\.description) == [Self.warning])
        #expect(try DemoApp.definition().warnings.isEmpty)
    }

    @Test("validate prints it and still passes; serve prints it as it starts")
    func commands() throws {
        let folder = try RunningServer.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("app.yaml")
        try Data(Self.app.utf8).write(to: file)
        let validated = try Self.run(["validate", "--app", file.path])
        #expect(validated.status == 0)
        #expect(validated.errors.contains(file.path + ":8:40: warning: a disclosure-indicator accessory sits under the index bar"))
        let served = try Self.run(["serve", "--app", file.path, "--port", "0", "--db", folder.appendingPathComponent("data.sqlite").path],
                                  until: "Press Ctrl-C")
        #expect(served.errors.contains(file.path + ":8:40: warning: a disclosure-indicator accessory sits under the index bar"))
        let broken = try Self.run(["validate", "--app", file.path + ".missing"])
        #expect(broken.status == 1)
    }
}
