/// Where a template's output tags stand in its markup. Escaping makes a value safe as text and
/// inside a quoted attribute value, not where an attribute's name goes: `<span {{name}}>` with
/// the name "autofocus onfocus=alert(1)" would make attributes of it. (A section there, wrapping
/// attributes written out in full, is fine.)
enum TagPlaces {
    /// Each `{{value}}` (or `{{{value}}}`) of `tags` that stands inside a start tag but outside
    /// a quoted attribute value, in `text`.
    static func outsideValues(in text: String, tags: [MustacheTag], file: String) -> [XMLDiagnostic] {
        var outside: [XMLDiagnostic] = []
        var remaining = tags[...]
        var isInTag = false, quote: Character?, isInComment = false
        var index = text.startIndex
        while index < text.endIndex {
            if let tag = remaining.first, index == tag.range.lowerBound {
                if tag.kind == .variable || tag.kind == .raw, isInTag, quote == nil, !isInComment {
                    outside.append(XMLDiagnostic(file: file, line: tag.line, column: tag.column, message:
                        "{{\(tag.name)}} stands where an attribute's name goes, where escaping cannot keep a value from making attributes; "
                            + "put it inside a quoted attribute value"))
                }
                // Every tag is stepped over whole: what it holds is no markup.
                remaining = remaining.dropFirst()
                index = tag.range.upperBound
                continue
            }
            let character = text[index]
            if isInComment {
                if text[index...].hasPrefix("-->") { isInComment = false }
            } else if let open = quote {
                if character == open { quote = nil }
            } else if isInTag {
                if character == "\"" || character == "'" { quote = character } else if character == ">" { isInTag = false }
            } else if character == "<" {
                if text[index...].hasPrefix("<!--") {
                    isInComment = true
                } else if let after = text.index(index, offsetBy: 1, limitedBy: text.endIndex), after < text.endIndex, text[after].isLetter {
                    isInTag = true
                }
            }
            index = text.index(after: index)
        }
        return outside
    }
}
