/// Markup an XML parser takes as inert but an HTML parser does not: a template's text is checked
/// as XML, and pages are sent and exported as HTML. An HTML parser ends `<![CDATA[ x >` and
/// `<?x >` at the first `>`, so what a template hides in either (a script, a handler) would come
/// out as elements no check saw; a DOCTYPE past the layout's own could declare entities.
enum XMLOnlyConstructs {
    /// Each CDATA section, processing instruction and markup declaration in `markup` (Mustache
    /// tags blanked out), by line and column; the leading `<!DOCTYPE html>` of a whole document
    /// and comments are fine.
    static func problems(in markup: String, file: String) -> [XMLDiagnostic] {
        let bytes = Array(markup.utf8)
        var diagnostics: [XMLDiagnostic] = []
        var line = 1, lineStart = 0, index = 0
        let leadingDocType = Array("<!doctype html>".utf8)
        let firstMarkup = bytes.firstIndex { !(0x09...0x0D).contains($0) && $0 != 0x20 }
        func starts(_ text: String, at offset: Int) -> Bool {
            let prefix = Array(text.utf8)
            return offset + prefix.count <= bytes.count && Array(bytes[offset..<offset + prefix.count]) == prefix
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                lineStart = index + 1
            } else if byte == UInt8(ascii: "<"), index + 1 < bytes.count {
                let next = bytes[index + 1]
                var what: String?
                if starts("<![CDATA[", at: index) {
                    what = "a CDATA section"
                } else if next == UInt8(ascii: "?") {
                    what = "a processing instruction (<?…?>)"
                } else if next == UInt8(ascii: "!"), !starts("<!--", at: index) {
                    let isLeadingDocType = index == firstMarkup && index + leadingDocType.count <= bytes.count
                        && bytes[index..<index + leadingDocType.count].map { ($0 >= 0x41 && $0 <= 0x5A) ? $0 + 0x20 : $0 } == leadingDocType
                    if !isLeadingDocType { what = "a declaration (<!…>) other than a document's leading <!DOCTYPE html>" }
                }
                if let what {
                    let column = String(decoding: bytes[lineStart..<index], as: UTF8.self).count + 1
                    diagnostics.append(XMLDiagnostic(file: file, line: line, column: column, message:
                        "\(what) is not allowed in a template: a browser's HTML parser ends it at the first '>', and what follows becomes markup"))
                }
            }
            index += 1
        }
        return diagnostics
    }
}
