import Foundation
import TableKit
import Yams

/// Reads an app file (YAML) into an `AppDefinition`, reporting every problem as
/// `file:line:column: message`.
public enum AppFileLoader {
    /// Loads the app file at `path`.
    public static func load(path: String) throws(AppError) -> AppDefinition {
        guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable(path) }
        // Not repaired into U+FFFD: a title would change without a word.
        if let place = DocumentText.firstInvalidUTF8(in: data) {
            throw .invalidApp([AppDiagnostic(file: path, line: place.line, column: place.column,
                                             message: "the file is not valid UTF-8 here; save it as UTF-8")])
        }
        // A byte order mark, as some editors save UTF-8, is no part of the text (YAML allows one;
        // the parser took it for content before the document). Columns on the first line stay as
        // an editor shows them, without it.
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        return try parse(String(decoding: data.starts(with: bom) ? data.dropFirst(3) : data[...], as: UTF8.self), file: path)
    }

    /// Parses app-file text; `file` names it in messages.
    public static func parse(_ text: String, file: String) throws(AppError) -> AppDefinition {
        let root: Node?
        do {
            // Without implicit types: the reader takes every scalar as the text it is and reads
            // flags and numbers itself, and the default resolver tried seven regular expressions
            // on each (compiling them first, at every start).
            root = try Yams.compose(yaml: text, .basic)
        } catch let error as YamlError {
            throw .invalidApp([syntaxDiagnostic(error, text: text, file: file)])
        } catch {
            throw .invalidApp([AppDiagnostic(file: file, line: 1, column: 1, message: "\(error)")])
        }
        var reader = YAMLReader(file: file)
        var builder = AppBuilder(reader: reader)
        let app = builder.app(root)
        reader = builder.reader
        guard reader.problems.isEmpty, var app else {
            // A node read twice (an alias, a cell checked in two roles) reports its problem once.
            var seen: Set<String> = []
            let problems = reader.problems.sorted { ($0.line, $0.column) < ($1.line, $1.column) }.filter { seen.insert($0.description).inserted }
            throw .invalidApp(problems)
        }
        app.warnings = reader.warnings.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
        return app
    }

    private static func syntaxDiagnostic(_ error: YamlError, text: String, file: String) -> AppDiagnostic {
        switch error {
        case let .scanner(_, problem, mark, _), let .parser(_, problem, mark, _):
            return AppDiagnostic(file: file, line: mark.line, column: mark.column, message: "YAML: \(problem)")
        case let .composer(context, problem, mark, _):
            // "expected a single document in the stream" (a second document), with what was found.
            let message = [context?.text, problem].compactMap(\.self).joined(separator: " ")
            return AppDiagnostic(file: file, line: mark.line, column: mark.column, message: "YAML: \(message)")
        case let .reader(problem, offset?, _, yaml):
            // A byte YAML takes no text with (a NUL, a control character); the offset counts characters.
            let place = DocumentText.place(after: yaml.prefix(offset))
            return AppDiagnostic(file: file, line: place.line, column: place.column, message: "YAML: \(problem)")
        case let .duplicatedKeysInMapping(duplicates, context):
            // Yams places the first of them; the repeat, where an editor should go, is looked
            // for below it in a block mapping (not found, as in a flow mapping, the first stays).
            let first = context.mark
            let repeated = duplicates.count == 1 ? repeatPlace(of: duplicates[0], firstAt: first, in: text) : nil
            let place = repeated ?? (first.line, first.column)
            let names = duplicates.map { "\"\($0)\"" }.joined(separator: ", ")
            return AppDiagnostic(file: file, line: place.line, column: place.column,
                                 message: "YAML: \(names) " + (duplicates.count == 1 ? "is a key twice" : "are keys twice") + " in one mapping"
                                    + (repeated == nil ? "" : " (first on line \(first.line))") + "; each key may appear once")
        default:
            return AppDiagnostic(file: file, line: 1, column: 1, message: "YAML: \(error)")
        }
    }

    /// Where `key` is written again in the block mapping whose key at `first` is its first: a
    /// later line indented as far, before one indented less ends the mapping.
    private static func repeatPlace(of key: String, firstAt first: Mark, in text: String) -> (line: Int, column: Int)? {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: DocumentText.isLineBreak)
        guard first.line >= 1, first.line < lines.count else { return nil }
        let spellings = [key, "\"\(key)\"", "'\(key)'"]
        for number in first.line..<lines.count {
            let line = lines[number]
            let content = line.drop { $0 == " " }
            if content.isEmpty || content.hasPrefix("#") { continue }
            let column = line.count - content.count + 1
            if column < first.column { return nil }
            guard column == first.column else { continue }
            for spelling in spellings where content.hasPrefix(spelling) {
                if content.dropFirst(spelling.count).drop(while: { $0 == " " }).hasPrefix(":") { return (number + 1, column) }
            }
        }
        return nil
    }
}
