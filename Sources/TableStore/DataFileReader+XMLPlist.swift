import Foundation
import TableKit

extension DataFileReader {
    /// What the decoder of an XML property list would get wrong without a word, at its line:
    /// `<array>`s and `<dict>`s nested deeper than `deepestNesting` (its recursion would run off
    /// its stack), or a `<dict>` with one key twice (it keeps one of the values); and a tag
    /// closed that is not the one open, or one never closed, which the decoder reports without
    /// its place. `nil` when there is none of these, and for a binary or UTF-16 property list
    /// (left to the decoder). Comments, CDATA sections, processing instructions and the document
    /// type are passed over as the decoder passes them.
    static func xmlProblem(_ data: Data) -> (line: Int, message: String)? {
        guard !data.starts(with: Array("bplist".utf8)), !data.prefix(4).contains(0),
              !data.starts(with: [0xFE, 0xFF]), !data.starts(with: [0xFF, 0xFE]) else { return nil }
        return data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> (line: Int, message: String)? in
            // For each open container, a dictionary's keys so far, or `nil` for an array.
            var open: [NamesSeen?] = []
            // Every open element's name and the line it opened on.
            var elements: [(name: String, line: Int)] = []
            var line = 1, index = 0
            func starts(_ word: StaticString, at start: Int) -> Bool {
                guard start + word.utf8CodeUnitCount <= bytes.count else { return false }
                for offset in 0..<word.utf8CodeUnitCount where bytes[start + offset] != word.utf8Start[offset] { return false }
                return true
            }
            /// Where `word` next starts from `start` (the end of the data when nowhere), counting
            /// the lines passed over.
            func skip(to word: StaticString, from start: Int) -> Int {
                var position = start
                while position < bytes.count, !starts(word, at: position) {
                    if bytes[position] == UInt8(ascii: "\n") { line += 1 }
                    position += 1
                }
                return position
            }
            /// The name of the tag whose name starts at `start`, up to a space, `/` or `>`.
            func elementName(from start: Int) -> String {
                var end = start
                while end < bytes.count, ![UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"),
                                           UInt8(ascii: "/"), UInt8(ascii: ">")].contains(bytes[end]) { end += 1 }
                return String(decoding: bytes[start..<end], as: UTF8.self)
            }
            /// A tag's name as a message shows it: a file's control characters never reach the terminal.
            func shown(_ name: String) -> String { DocumentText.shortened(DocumentText.cleaned(name), to: 40) }
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\n"): line += 1
                case UInt8(ascii: "<"):
                    if starts("<!--", at: index) {
                        index = skip(to: "-->", from: index + 4)
                    } else if starts("<![CDATA[", at: index) {
                        index = skip(to: "]]>", from: index + 9)
                    } else if starts("<?", at: index) {
                        index = skip(to: "?>", from: index + 2) + 1
                    } else if starts("<!", at: index) {
                        index = skip(to: ">", from: index + 2)
                    } else if starts("</", at: index) {
                        let name = elementName(from: index + 2)
                        guard let opened = elements.popLast() else { return (line, "</\(shown(name))> closes no open tag") }
                        guard opened.name == name else {
                            return (line, "</\(shown(name))> closes <\(shown(opened.name))>, opened on line \(opened.line), which is still open")
                        }
                        if name == "array" || name == "dict" { _ = open.popLast() }
                        index = skip(to: ">", from: index)
                    } else if !(starts("<key", at: index) && open.last.map({ $0 != nil }) == true) {
                        // Any element but a dictionary's key (read below, keys and all).
                        let name = elementName(from: index + 1), opening = line
                        guard plistElements.contains(name) else {
                            return (line, "<\(shown(name))> is not an element of a property list "
                                        + "(those are plist, array, dict, key, string, integer, real, true, false, date and data)")
                        }
                        let close = skip(to: ">", from: index)
                        // A number the decoder would round (it reads every one as a Double): refused here, by its line.
                        if name == "real" || name == "integer", close < bytes.count, bytes[close - 1] != UInt8(ascii: "/") {
                            var end = close + 1
                            while end < bytes.count, bytes[end] != UInt8(ascii: "<") { end += 1 }
                            let number = String(decoding: bytes[(close + 1)..<end], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                            if let refusal = DecimalNumber.refusal(of: number) {
                                return (line, "the number \(shown(number)) \(refusal); write it as text (a <string>) to keep it as it is")
                            }
                        }
                        // `<array/>` opens nothing.
                        if close > index, close < bytes.count, bytes[close - 1] != UInt8(ascii: "/") {
                            elements.append((name, opening))
                            if name == "array" || name == "dict" {
                                open.append(name == "dict" ? NamesSeen() : nil)
                                if open.count > deepestNesting { return (line, "arrays and dictionaries nest more than \(deepestNesting) deep here") }
                            }
                        }
                        index = close
                    } else {
                        // A dictionary's key: its text up to `</key`, passing over a CDATA section (which may hold `</key`).
                        let keyLine = line
                        let close = skip(to: ">", from: index)
                        var text = ""
                        if close < bytes.count, bytes[close - 1] != UInt8(ascii: "/") {
                            var stop = close + 1
                            while stop < bytes.count, !starts("</key", at: stop) {
                                if starts("<![CDATA[", at: stop) {
                                    stop = min(skip(to: "]]>", from: stop + 9) + 3, bytes.count)
                                } else {
                                    if bytes[stop] == UInt8(ascii: "\n") { line += 1 }
                                    stop += 1
                                }
                            }
                            text = xmlText(String(decoding: bytes[(close + 1)..<stop], as: UTF8.self))
                            guard stop < bytes.count else { return (keyLine, "<key> opened on line \(keyLine) is never closed") }
                            index = skip(to: ">", from: stop)
                        } else {
                            index = close
                        }
                        if let earlier = open[open.count - 1]!.add(text) {
                            return (keyLine, "the key \"\(text)\" is in one dictionary twice\(NamesSeen.spellingNote(earlier, text)); only one of its values could be kept")
                        }
                    }
                default: break
                }
                index += 1
            }
            if let unclosed = elements.last { return (unclosed.line, "<\(shown(unclosed.name))> opened on line \(unclosed.line) is never closed") }
            return nil
        }
    }

    /// The elements of a property list; the decoder refuses any other, and names line 1 for it
    /// wherever it is.
    static let plistElements: Set<String> = ["plist", "array", "dict", "key", "string", "integer", "real", "true", "false", "date", "data"]

    /// Character data as XML reads it: CDATA taken as it is, entity and character references
    /// replaced.
    private static func xmlText(_ raw: String) -> String {
        if raw.hasPrefix("<![CDATA["), raw.hasSuffix("]]>") { return String(raw.dropFirst(9).dropLast(3)) }
        guard raw.contains("&") else { return raw }
        var text = "", rest = raw[...]
        while let ampersand = rest.firstIndex(of: "&") {
            text += rest[..<ampersand]
            guard let semicolon = rest[ampersand...].firstIndex(of: ";") else { break }
            let name = rest[rest.index(after: ampersand)..<semicolon]
            switch name {
            case "lt": text += "<"
            case "gt": text += ">"
            case "amp": text += "&"
            case "quot": text += "\""
            case "apos": text += "'"
            default:
                let number = name.hasPrefix("#x") ? UInt32(name.dropFirst(2), radix: 16) : name.hasPrefix("#") ? UInt32(name.dropFirst()) : nil
                text += number.flatMap(Unicode.Scalar.init).map { String($0) } ?? "&\(name);"
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return text + rest
    }
}
