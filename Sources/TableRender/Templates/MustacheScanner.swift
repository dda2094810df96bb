import Foundation

/// One Mustache tag in a template, with its place.
struct MustacheTag: Equatable {
    enum Kind: Equatable {
        case variable, raw, sectionOpen, invertedOpen, sectionClose, partial, comment, other(Character)
    }

    var kind: Kind
    var name: String
    var line: Int
    var column: Int
    /// Where the tag starts and ends in the template's characters.
    var range: Range<String.Index>
}

/// Finds the Mustache tags in a template, keeping line and column numbers true.
enum MustacheScanner {
    /// The tags of `text`, and a diagnostic message with its place for a tag that never closes.
    ///
    /// Walks the UTF-8 bytes (every delimiter is ASCII) and counts a column in characters only
    /// where a tag starts: walking the characters themselves is many times slower.
    static func tags(in text: String) -> (tags: [MustacheTag], unclosed: (line: Int, column: Int)?) {
        var tags: [MustacheTag] = []
        let bytes = text.utf8
        var place = TextPlace(text)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            guard bytes[index] == UInt8(ascii: "{"), bytes[index...].starts(with: "{{".utf8) else {
                index = place.pass(index)
                continue
            }
            let (line, column) = place.at(index)
            let isTriple = bytes[index...].starts(with: "{{{".utf8)
            let bodyStart = bytes.index(index, offsetBy: isTriple ? 3 : 2)
            guard let close = bytes.firstPlace(of: (isTriple ? "}}}" : "}}").utf8, from: bodyStart) else { return (tags, (line, column)) }
            let body = text[bodyStart..<close.lowerBound].trimmingSpaces()
            tags.append(tag(body, isTriple: isTriple, line: line, column: column, range: index..<close.upperBound))
            // Keep counting lines through the tag itself.
            while index < close.upperBound { index = place.pass(index) }
        }
        return (tags, nil)
    }

    /// The template with every tag replaced by spaces (line breaks kept), so that an XML parser
    /// sees its markup at the same lines and columns.
    static func neutralized(_ text: String, tags: [MustacheTag]) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var index = text.startIndex
        for tag in tags {
            result += text[index..<tag.range.lowerBound]
            for character in text[tag.range] { result.append(character == "\n" || character == "\r\n" ? character : " ") }
            index = tag.range.upperBound
        }
        result += text[index...]
        return result
    }

    private static func tag(_ body: Substring, isTriple: Bool, line: Int, column: Int,
                            range: Range<String.Index>) -> MustacheTag {
        if isTriple { return MustacheTag(kind: .raw, name: String(body), line: line, column: column, range: range) }
        guard let sigil = body.first else {
            return MustacheTag(kind: .variable, name: "", line: line, column: column, range: range)
        }
        let rest = String(body.dropFirst().trimmingSpaces())
        let kind: MustacheTag.Kind
        switch sigil {
        case "#": kind = .sectionOpen
        case "^": kind = .invertedOpen
        case "/": kind = .sectionClose
        case ">": kind = .partial
        case "!": kind = .comment
        case "&": kind = .raw
        case "=", "$", "<", "%": kind = .other(sigil)
        default: return MustacheTag(kind: .variable, name: String(body), line: line, column: column, range: range)
        }
        return MustacheTag(kind: kind, name: rest, line: line, column: column, range: range)
    }
}

extension Substring {
    func trimmingSpaces() -> Substring {
        var slice = self
        while let first = slice.first, first.isWhitespace { slice = slice.dropFirst() }
        while let last = slice.last, last.isWhitespace { slice = slice.dropLast() }
        return slice
    }
}
