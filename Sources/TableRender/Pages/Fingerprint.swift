/// A short, stable fingerprint of text (64-bit FNV-1a), for ETags and cache keys. Not a
/// security measure: it only has to change when the text changes.
public enum Fingerprint {
    /// The fingerprint of `text` in hexadecimal.
    public static func hex(of text: String) -> String { hex(bytes: text.utf8) }

    /// The fingerprint of raw bytes (a file's contents) in hexadecimal.
    public static func hex(bytes: some Sequence<UInt8>) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return String(hash, radix: 16)
    }
}
