extension UInt8 {
    /// Whether the byte is one a `Fingerprint` is written with: a digit or `a` to `f`.
    var isFingerprintDigit: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
    }
}
