import Foundation
import TableStack

// Serves the guide's Trails example: `swift run TrailsExample [--port N] [--export DIR]`.
let arguments = CommandLine.arguments
var server = TableStackServer(root: RegionsController(store: TrailStore.sample()), title: "Trails")
if let index = arguments.firstIndex(of: "--port"), index + 1 < arguments.count, let port = Int(arguments[index + 1]) {
    server.port = port
}
if let index = arguments.firstIndex(of: "--export"), index + 1 < arguments.count {
    let report = try await server.export(to: arguments[index + 1])
    print("\(report.pages.count) pages, \(report.problems.count) problems")
    for problem in report.problems { print(problem) }
} else {
    try await server.run()
}
