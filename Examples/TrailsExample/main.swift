import Foundation
import TableStack

// Serves the guide's Trails example: `swift run TrailsExample [--port N] [--export DIR]`.
let arguments = CommandLine.arguments
let store = TrailStore.sample()
// The root is made for every page, so that it shows the regions as they are then.
var server = TableStackServer(title: "Trails") { RegionsController(store: store) }

/// The value after `option`, if it is given; a usage message and exit status 64 when it has none.
func value(of option: String) -> String? {
    guard let index = arguments.firstIndex(of: option) else { return nil }
    guard index + 1 < arguments.count, !arguments[index + 1].hasPrefix("--") else {
        FileHandle.standardError.write(Data("TrailsExample: \(option) needs a value\nusage: TrailsExample [--port N] [--export DIR]\n".utf8))
        exit(64)
    }
    return arguments[index + 1]
}

if let port = value(of: "--port") {
    guard let number = Int(port), (0...65535).contains(number) else {
        FileHandle.standardError.write(Data("TrailsExample: --port \(port) is not a port (0 to 65535)\n".utf8))
        exit(64)
    }
    server.port = number
}
if let folder = value(of: "--export") {
    do {
        let report = try await server.export(to: folder)
        print("\(report.pages.count) pages, \(report.problems.count) problems")
        for problem in report.problems { print(problem) }
        if !report.problems.isEmpty { exit(1) }
    } catch {
        FileHandle.standardError.write(Data("TrailsExample: \(error)\n".utf8))
        exit(1)
    }
} else {
    try await server.run()
}
