import Foundation
import NIOCore
import TableRender

/// An `application/x-www-form-urlencoded` body, parsed strictly: a malformed percent escape or
/// text that is not UTF-8 is an error the user hears about, not a guess.
struct FormBody: Sendable {
    private(set) var fields: [String: String] = [:]

    init(_ text: String) throws(ServerError) {
        for pair in text[...].split(atByte: UInt8(ascii: "&")) where !pair.isEmpty {
            if let equals = pair.utf8.firstIndex(of: UInt8(ascii: "=")) {
                fields[try Self.decode(pair[..<equals])] = try Self.decode(pair[pair.utf8.index(after: equals)...])
            } else {
                fields[try Self.decode(pair)] = ""
            }
        }
    }

    /// Parses a body as it came: bytes that are not UTF-8 are refused, never repaired.
    init(_ body: ByteBuffer) throws(ServerError) {
        guard let text = String(validating: body.readableBytesView, as: UTF8.self) else {
            throw .badRequest("the form is not valid UTF-8")
        }
        try self.init(text)
    }

    subscript(name: String) -> String? { fields[name] }

    /// The field, or a 400 naming it.
    func required(_ name: String) throws(ServerError) -> String {
        guard let value = fields[name] else { throw .badRequest("the form has no \"\(name)\" field") }
        return value
    }

    static func decode(_ text: Substring) throws(ServerError) -> String {
        guard let decoded = text.removingPercentEncodingStrictly(plusIsSpace: true) else {
            throw .badRequest("the form has a malformed % escape or is not valid UTF-8")
        }
        return decoded
    }
}
