import HTTPTypes

extension HTTPFields {
    /// The value of the first cookie named `name` in the Cookie fields, read at bytes as RFC 6265
    /// §5.4 sends them: pairs split at `;`, spaces and tabs before a name dropped, the name before
    /// the first `=` and the value all after it. (Hummingbird's `Cookies` splits and compares
    /// characters, and every request with cookies reads three or four.)
    func cookie(_ name: String) -> String? {
        var name = name
        return name.withUTF8 { name in
            var next = firstIndex(named: .cookie, from: startIndex)
            while let index = next {
                var value = self[index].value
                if let found = value.withUTF8({ Self.cookie(name, in: $0) }) { return found }
                next = firstIndex(named: .cookie, from: index + 1)
            }
            return nil
        }
    }

    /// The value of the cookie `name` in one Cookie field's bytes.
    private static func cookie(_ name: UnsafeBufferPointer<UInt8>, in header: UnsafeBufferPointer<UInt8>) -> String? {
        var start = 0
        while start < header.count {
            var end = start
            while end < header.count, header[end] != UInt8(ascii: ";") { end += 1 }
            var pairStart = start
            while pairStart < end, header[pairStart] == UInt8(ascii: " ") || header[pairStart] == UInt8(ascii: "\t") { pairStart += 1 }
            var equals = pairStart
            while equals < end, header[equals] != UInt8(ascii: "=") { equals += 1 }
            if equals < end, equals - pairStart == name.count, UnsafeBufferPointer(rebasing: header[pairStart..<equals]).elementsEqual(name) {
                return String(decoding: UnsafeBufferPointer(rebasing: header[(equals + 1)..<end]), as: UTF8.self)
            }
            start = end + 1
        }
        return nil
    }
}
