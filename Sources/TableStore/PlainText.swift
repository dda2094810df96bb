extension Array where Element == UInt8 {
    /// Appends `text`'s UTF-8 bytes in one copy when none of them `needsEscape`, and says whether
    /// it did: the fast path of the byte-by-byte escapes (`JSONText`, the export's line escaping),
    /// since most text needs no escape at all.
    /// Inlinable, so that each caller's test is made part of the loop over the bytes.
    @inlinable
    public mutating func appendIfPlain(_ text: String, needsEscape: (UInt8) -> Bool) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard !bytes.contains(where: needsEscape) else { return false }
            append(contentsOf: bytes)
            return true
        }
    }
}
