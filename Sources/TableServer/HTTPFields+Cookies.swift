import HTTPTypes

extension HTTPFields {
    /// The value of the first cookie named `name` in the Cookie fields, read as Hummingbird's
    /// `Cookies` reads it (pairs split at `;`, leading white space dropped, the name before the
    /// first `=`), but at bytes: every request with cookies reads three or four of them, and
    /// `Cookies` splits and compares characters.
    func cookie(_ name: String) -> Substring? {
        for field in self where field.name == .cookie {
            var rest = field.value[...]
            while !rest.isEmpty {
                let end = rest.utf8.firstIndex(of: UInt8(ascii: ";")) ?? rest.endIndex
                var pair = rest[..<end]
                rest = end == rest.endIndex ? rest[end...] : rest[rest.utf8.index(after: end)...]
                while let first = pair.utf8.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") {
                    pair = pair[pair.utf8.index(after: pair.startIndex)...]
                }
                guard let equals = pair.utf8.firstIndex(of: UInt8(ascii: "=")) else { continue }
                if pair[..<equals].utf8.elementsEqual(name.utf8) { return pair[pair.utf8.index(after: equals)...] }
            }
        }
        return nil
    }
}
