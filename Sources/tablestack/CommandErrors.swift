import ArgumentParser
import Foundation
import TableServer
import TableStore

/// Where the command line puts its files by default.
enum DefaultPaths {
    static let database = "data/tablestack.sqlite"

    /// The Public folder: in the working directory, or the one beside the sources.
    static var publicFolder: String { ServerConfiguration.bundledPublicFolder }
}

/// Turns the modules' errors into one message on standard error and exit status 1 — the only
/// place the command line decides how errors look.
enum CommandErrors {
    static func reporting<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch { throw fail(error) }
    }

    static func reporting<T>(_ body: () async throws -> T) async throws -> T {
        do { return try await body() } catch { throw fail(error) }
    }

    private static func fail(_ error: any Error) -> ExitCode {
        if error is ExitCode { return error as? ExitCode ?? .failure }
        printError("tablestack: \((error as? StoreError)?.detailedDescription ?? "\(error)")")
        return .failure
    }
}
