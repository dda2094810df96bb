import Foundation
import HTTPTypes
import TableKit

/// A request body's `Content-Type` (RFC 9110, 8.3): its media type, compared without case, and
/// the character sets it names. This server reads bodies as UTF-8 only: a form a page was told to
/// send in ISO 8859-1 has bytes that would be read as other letters, or not at all.
struct ContentType {
    /// The type and subtype, lower-cased: `application/x-www-form-urlencoded`.
    private(set) var mediaType: String
    /// Every `charset` parameter's value, lower-cased and unquoted, in order.
    private(set) var charsets: [String] = []

    init(_ header: String) {
        var rest = Substring(header)
        let typeEnd = rest.firstIndex(of: ";") ?? rest.endIndex
        mediaType = rest[..<typeEnd].trimmingCharacters(in: .whitespaces).lowercased()
        rest = rest[typeEnd...]
        // Parameters (RFC 9110, 5.6.6): `; name=value`, the value a token or a quoted string,
        // in which a `;` is text and a backslash takes the character after it as it is.
        while let semicolon = rest.firstIndex(of: ";") {
            rest = rest[rest.index(after: semicolon)...].drop { $0 == " " || $0 == "\t" }
            let nameEnd = rest.firstIndex { $0 == "=" || $0 == ";" } ?? rest.endIndex
            let name = rest[..<nameEnd].trimmingCharacters(in: .whitespaces).lowercased()
            rest = rest[nameEnd...]
            guard rest.first == "=" else { continue }
            rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" }
            var value = ""
            if rest.first == "\"" {
                rest = rest.dropFirst()
                while let character = rest.first, character != "\"" {
                    rest = rest.dropFirst()
                    if character == "\\", let escaped = rest.first {
                        value.append(escaped)
                        rest = rest.dropFirst()
                    } else {
                        value.append(character)
                    }
                }
                rest = rest.dropFirst()
            } else {
                let valueEnd = rest.firstIndex(of: ";") ?? rest.endIndex
                value = rest[..<valueEnd].trimmingCharacters(in: .whitespaces)
                rest = rest[valueEnd...]
            }
            if name == "charset" { charsets.append(value.lowercased()) }
        }
    }

    /// Refuses with a 415 a body that is not of `expected` (lower-case), or that names a character
    /// set other than UTF-8 (ASCII is UTF-8's first half; an empty one names none). `refusal`
    /// says what was expected, given what was sent. Two `Content-Type` headers are a 400.
    static func require(_ fields: HTTPFields, is expected: String, refusal: (String) -> String) throws(ServerError) {
        // What browsers send for a form, without a word to parse (two headers would be joined).
        if fields[.contentType] == expected { return }
        let values = fields[values: .contentType]
        guard values.count <= 1 else { throw .badRequest("The request has more than one Content-Type header; nothing was changed.") }
        let header = values.first ?? ""
        let type = ContentType(header)
        guard type.mediaType == expected else { throw .unsupportedMediaType(refusal(header)) }
        if let charset = type.charsets.first(where: { !["", "utf-8", "utf8", "us-ascii"].contains($0) }) {
            throw .unsupportedMediaType("The body is sent in the character set \"\(DocumentText.shortened(charset, to: 40))\"; "
                                        + "this server reads only UTF-8, so nothing was changed.")
        }
    }
}
