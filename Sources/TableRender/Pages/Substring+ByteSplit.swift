extension Substring {
    /// The parts of the text between the ASCII byte `separator`, empty ones too. Split at bytes,
    /// not characters (a combining mark after a separator does not hide it), as request paths
    /// and form bodies are defined, and without comparing characters on every request.
    public func split(atByte separator: UInt8) -> [Substring] {
        var parts: [Substring] = []
        var start = startIndex
        while let end = utf8[start...].firstIndex(of: separator) {
            parts.append(self[start..<end])
            start = utf8.index(after: end)
        }
        parts.append(self[start...])
        return parts
    }
}
