import Foundation
import TableKit

/// Checks a template folder statically and reports each problem as `file:line:column: message`:
/// every expected template present, Mustache sections balanced, partials known, raw output only
/// where allowed, every key one the template's contexts answer, static ids unique, and the markup
/// well-formed XML once the Mustache tags are blanked out.
public enum TemplateValidator {
    /// Every problem in the `.mustache` files of `folder`; `displayFolder` is how paths are printed.
    public static func validate(folder: String, displayFolder: String? = nil) -> [XMLDiagnostic] {
        validate(TemplateFiles(folder: folder), displayFolder: displayFolder)
    }

    /// Every problem in the `.mustache` files `templates` read from their folder.
    public static func validate(_ templates: TemplateFiles, displayFolder: String? = nil) -> [XMLDiagnostic] {
        let shown = displayFolder ?? templates.folder
        if let listingError = templates.listingError {
            return [XMLDiagnostic(file: shown, line: 0, column: 0, message: "cannot read the template folder: \(listingError)")]
        }
        let names = Set(templates.files.map(\.name))
        var diagnostics: [XMLDiagnostic] = TemplateName.allCases
            .filter { !names.contains($0.rawValue) }
            .map { XMLDiagnostic(file: "\(shown)/\($0.fileName)", line: 1, column: 1, message: "missing template: every template folder needs it") }
        // The text of each template that could be read, for the check of cycles across them.
        var texts: [String: String] = [:]
        for file in templates.files {
            let display = "\(shown)/\(file.name).mustache"
            if templates.outside.contains(file.name) {
                diagnostics.append(XMLDiagnostic(file: display, line: 0, column: 0, message: TemplateFiles.outsideMessage))
                continue
            }
            guard let text = TemplateFiles.text(of: file.contents, file: display, problems: &diagnostics) else { continue }
            texts[file.name] = text
            diagnostics += validate(text: text, name: file.name, file: display, knownTemplates: names)
        }
        return diagnostics + partialCycles(in: texts, shown: shown)
    }

    /// Templates (`texts` by name) that include themselves through partials, which would render
    /// without end: each cycle reported once, at the include that closes it.
    static func partialCycles(in texts: [String: String], shown: String) -> [XMLDiagnostic] {
        var includes: [String: [MustacheTag]] = [:]
        for (name, text) in texts {
            // A partial included twice (the table's sections, with and without their radio group)
            // closes a cycle once: at its first include.
            var named: Set<String> = []
            includes[name] = MustacheScanner.tags(in: text).tags.filter { $0.kind == .partial && named.insert($0.name).inserted }
        }
        var diagnostics: [XMLDiagnostic] = []
        var finished: Set<String> = []
        func visit(_ name: String, path: [String]) {
            guard !finished.contains(name) else { return }
            for tag in includes[name] ?? [] {
                if let start = path.firstIndex(of: tag.name) ?? (tag.name == name ? path.count : nil) {
                    let cycle = path[start...] + [name, tag.name]
                    diagnostics.append(XMLDiagnostic(file: "\(shown)/\(name).mustache", line: tag.line, column: tag.column,
                                                     message: "partial \"\(tag.name)\" includes itself (\(cycle.joined(separator: " → "))), so a page using it would never end"))
                } else {
                    visit(tag.name, path: path + [name])
                }
            }
            finished.insert(name)
        }
        for name in includes.keys.sorted() { visit(name, path: []) }
        return diagnostics
    }

    /// Every problem in one template's text.
    public static func validate(text: String, name: String, file: String, knownTemplates: Set<String>) -> [XMLDiagnostic] {
        let template = TemplateName(rawValue: name)
        let allowedKeys = template?.allowedKeys ?? TemplateName.everyKey
        let rawKeys = template?.rawKeys ?? []
        let scanned = checkTags(in: text, file: file) { tag, report in
            switch tag.kind {
            case .sectionOpen, .invertedOpen, .variable:
                checkKey(tag, allowedKeys, template, report)
            case .partial:
                if !knownTemplates.contains(tag.name) {
                    report(tag.line, tag.column, "partial \"\(tag.name)\" does not exist (no \(tag.name).mustache in the folder)")
                }
            case .raw:
                if !rawKeys.contains(tag.name) {
                    let allowed = rawKeys.isEmpty ? "none here" : rawKeys.sorted().joined(separator: ", ")
                    report(tag.line, tag.column, "unescaped output of \"\(tag.name)\" is not allowed (allowed: \(allowed)); use {{\(tag.name)}}")
                }
            case .comment, .sectionClose:
                break
            case let .other(sigil):
                report(tag.line, tag.column, "the {{\(sigil) … }} tag is not supported in TableStack templates")
            }
        }

        var diagnostics = scanned.diagnostics
        guard let tags = scanned.tags else { return diagnostics }
        diagnostics += TagPlaces.outsideValues(in: text, tags: tags, file: file)
        diagnostics += wellFormedness(of: MustacheScanner.neutralized(text, tags: tags), file: file)
        diagnostics += duplicateStaticIDs(in: text, file: file)
        return diagnostics
    }

    /// Scans `text`'s Mustache tags, reports sections that do not balance, and hands every tag
    /// to `check` with the reporter; `nil` tags (and that one problem) when a tag never closes.
    static func checkTags(in text: String, file: String, check: (MustacheTag, (Int, Int, String) -> Void) -> Void)
        -> (tags: [MustacheTag]?, diagnostics: [XMLDiagnostic]) {
        let (tags, unclosed) = MustacheScanner.tags(in: text)
        var diagnostics: [XMLDiagnostic] = []
        func report(_ line: Int, _ column: Int, _ message: String) {
            diagnostics.append(XMLDiagnostic(file: file, line: line, column: column, message: message))
        }
        if let unclosed {
            report(unclosed.line, unclosed.column, "Mustache tag is never closed with }}")
            return (nil, diagnostics)
        }
        checkSections(tags, report) { check($0, report) }
        return (tags, diagnostics)
    }

    /// Reports sections that do not balance, and hands every tag to `check`.
    static func checkSections(_ tags: [MustacheTag], _ report: (Int, Int, String) -> Void, check: (MustacheTag) -> Void) {
        var open: [MustacheTag] = []
        for tag in tags {
            check(tag)
            switch tag.kind {
            case .sectionOpen, .invertedOpen:
                open.append(tag)
            case .sectionClose:
                guard let last = open.popLast() else {
                    report(tag.line, tag.column, "{{/\(tag.name)}} closes a section that was never opened")
                    continue
                }
                if last.name != tag.name {
                    report(tag.line, tag.column, "{{/\(tag.name)}} closes section \"\(last.name)\" opened at \(last.line):\(last.column)")
                }
            case let .other(sigil):
                report(tag.line, tag.column, "the {{\(sigil) … }} tag is not supported in TableStack templates")
            default:
                break
            }
        }
        for tag in open {
            report(tag.line, tag.column, "section \"\(tag.name)\" is never closed")
        }
    }

    private static func checkKey(_ tag: MustacheTag, _ allowed: Set<String>, _ template: TemplateName?,
                                 _ report: (Int, Int, String) -> Void) {
        let key = tag.name.split(separator: ".").first.map(String.init) ?? "."
        guard tag.name != ".", !allowed.contains(key) else { return }
        let scope = template.map { "the \($0.rawValue) template" } ?? "any template"
        report(tag.line, tag.column, "unknown key \"\(key)\": \(scope) has no such value\(NearestName.hint(key, among: allowed.sorted()))")
    }

    /// Parses the blanked-out markup as XML. A fragment is wrapped in one element on its first
    /// line; columns on that line are shifted back so they point into the template.
    static func wellFormedness(of markup: String, file: String) -> [XMLDiagnostic] {
        let isDocument = markup.drop { $0.isWhitespace }.hasPrefix("<!DOCTYPE")
        let prefix = isDocument ? "" : fragmentPrefix
        let suffix = isDocument ? "" : fragmentSuffix
        let (_, diagnostics) = LibXML.parse(prefix + markup + suffix, file: file)
        let lineLengths = markup.split(separator: "\n", omittingEmptySubsequences: false).map(\.count)
        return XMLOnlyConstructs.problems(in: markup, file: file) + diagnostics.compactMap { diagnostic in
            var shifted = diagnostic
            // Speak of the template, not of the wrapper element it was parsed in.
            if diagnostic.message.hasPrefix("Premature end of data in tag template-fragment") { return nil }
            if let range = diagnostic.message.range(of: #"^Opening and ending tag mismatch: (\S+) line (\d+) and template-fragment$"#,
                                                    options: .regularExpression) {
                let parts = diagnostic.message[range].split(separator: " ")
                shifted.message = "<\(parts[5])> opened on line \(parts[7]) is never closed"
            }
            if diagnostic.line == 1 { shifted.column = max(1, diagnostic.column - prefix.count) }
            // Errors found at the very end point past the wrapper's closing tag: bring them back
            // to the end of the template's own last line.
            if lineLengths.indices.contains(diagnostic.line - 1) {
                shifted.column = min(shifted.column, lineLengths[diagnostic.line - 1] + 1)
            }
            return shifted
        }
    }

    /// The element a template fragment is parsed in.
    static let fragmentPrefix = "<template-fragment xmlns=\"http://www.w3.org/1999/xhtml\">"
    static let fragmentSuffix = "</template-fragment>"

    /// Ids written out in full (no Mustache inside) must be unique in a template.
    private static func duplicateStaticIDs(in text: String, file: String) -> [XMLDiagnostic] {
        var seen: [String: (Int, Int)] = [:]
        var diagnostics: [XMLDiagnostic] = []
        let bytes = text.utf8
        var place = TextPlace(text)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == UInt8(ascii: " "), bytes[index...].starts(with: " id=\"".utf8) {
                let valueStart = bytes.index(index, offsetBy: 5)
                if let end = bytes[valueStart...].firstIndex(of: UInt8(ascii: "\"")) {
                    let value = String(text[valueStart..<end])
                    if !value.contains("{{") {
                        let (line, column) = place.at(index)
                        // At the `i` after the space.
                        if let first = seen[value] {
                            diagnostics.append(XMLDiagnostic(file: file, line: line, column: column + 1,
                                                             message: "id \"\(value)\" is used again (first at \(first.0):\(first.1))"))
                        } else {
                            seen[value] = (line, column + 1)
                        }
                    }
                }
            }
            index = place.pass(index)
        }
        return diagnostics
    }
}
