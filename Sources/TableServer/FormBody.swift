import Foundation
import NIOCore

/// An `application/x-www-form-urlencoded` body, parsed strictly: a malformed percent escape or
/// text that is not UTF-8 is an error the user hears about, not a guess.
struct FormBody: Sendable {
    private(set) var fields: [String: String] = [:]

    init(_ text: String) throws(ServerError) {
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = try Self.decode(parts[0])
            let value = parts.count > 1 ? try Self.decode(parts[1]) : ""
            fields[name] = value
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
        var bytes: [UInt8] = []
        var index = text.utf8.startIndex
        let utf8 = text.utf8
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%") {
                let high = utf8.index(after: index)
                guard high < utf8.endIndex, utf8.index(after: high) < utf8.endIndex,
                      let value = UInt8(String(decoding: [utf8[high], utf8[utf8.index(after: high)]], as: UTF8.self), radix: 16) else {
                    throw .badRequest("the form has a malformed % escape")
                }
                bytes.append(value)
                index = utf8.index(after: high)
            } else {
                bytes.append(byte)
            }
            index = utf8.index(after: index)
        }
        guard let decoded = String(validating: bytes, as: UTF8.self) else { throw .badRequest("the form is not valid UTF-8") }
        return decoded
    }
}
