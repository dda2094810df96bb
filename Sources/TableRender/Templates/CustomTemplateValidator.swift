import Foundation

/// Checks an app's own templates (custom cells, accessories, section views). They are filled
/// from an item's attributes, so any key may be used; what they may not do is break the row
/// around them: a cell sits inside the row's link or button, which may hold phrasing content
/// only and no other control, and rows repeat on a page. So no unescaped output, no partials,
/// only the elements below, no ids, no inline script or style, and well-formed markup — each
/// problem as `file:line:column: message`.
enum CustomTemplateValidator {
    /// The phrasing elements a template may use: text-level markup and images, no controls.
    static let allowedElements: Set<String> = [
        "span", "strong", "em", "b", "i", "u", "s", "small", "mark", "abbr", "cite", "q", "code", "kbd", "samp", "var",
        "sub", "sup", "data", "time", "bdi", "bdo", "br", "wbr", "img", "meter", "progress",
    ]

    static func validate(text: String, file: String) -> [XMLDiagnostic] {
        let scanned = TemplateValidator.checkTags(in: text, file: file) { tag, report in
            switch tag.kind {
            case .raw:
                report(tag.line, tag.column, "unescaped output of \"\(tag.name)\" is not allowed in an app's template; use {{\(tag.name)}}")
            case .partial:
                report(tag.line, tag.column, "an app's template cannot include partials")
            case .variable, .comment, .sectionOpen, .invertedOpen, .sectionClose, .other:
                break
            }
        }
        var diagnostics = scanned.diagnostics
        guard let tags = scanned.tags else { return diagnostics }
        diagnostics += TagPlaces.outsideValues(in: text, tags: tags, file: file)
        let markup = MustacheScanner.neutralized(text, tags: tags)
        let wellFormed = TemplateValidator.wellFormedness(of: markup, file: file)
        diagnostics += wellFormed
        if wellFormed.isEmpty {
            diagnostics += elementProblems(in: markup, original: text, file: file)
        }
        return diagnostics
    }

    /// Interactive elements, ids, event handlers and inline styles, found in the parsed markup.
    private static func elementProblems(in markup: String, original: String, file: String) -> [XMLDiagnostic] {
        let (root, _) = LibXML.parse(TemplateValidator.fragmentPrefix + markup + TemplateValidator.fragmentSuffix, file: file)
        guard let root else { return [] }
        let lines = original.split(separator: "\n", omittingEmptySubsequences: false)
        var diagnostics: [XMLDiagnostic] = []
        func report(_ element: XMLElement, _ message: String) {
            // libxml2 gives the line; the column is where the element's tag opens on it.
            var column = 1
            if lines.indices.contains(element.line - 1), let range = lines[element.line - 1].range(of: "<" + element.name) {
                column = lines[element.line - 1].distance(from: lines[element.line - 1].startIndex, to: range.lowerBound) + 1
            }
            diagnostics.append(XMLDiagnostic(file: file, line: element.line, column: column, message: message))
        }
        for element in root.descendantsAndSelf.dropFirst() {
            if !allowedElements.contains(element.name) {
                report(element, "<\(element.name)> is not allowed in an app's template: it sits in the row's link or button, "
                    + "which holds text-level elements only (\(allowedElements.sorted().joined(separator: ", ")))")
            }
            for attribute in element.attributes.keys.sorted() {
                if attribute == "id" {
                    report(element, "an id is not allowed in an app's template: the template repeats on a page")
                } else if attribute == "style" {
                    report(element, "inline style is not allowed (the pages' content security policy drops it); use a class")
                } else if attribute.lowercased().hasPrefix("on") {
                    report(element, "event handler \(attribute) is not allowed: a template runs no code")
                }
            }
        }
        return diagnostics
    }
}
