/// A short, stable fingerprint of text, for ETags, cache keys and the export's record of page
/// contents. Not a security measure: it only has to change when the text changes.
///
/// It takes eight bytes a step (a full-width multiply, folded), several times faster on a long
/// page than the byte-wise FNV-1a it replaced; `fnv1a` is kept to read records made with that.
public enum Fingerprint {
    /// The fingerprint of `text` in hexadecimal.
    public static func hex(of text: String) -> String {
        var text = text
        return text.withUTF8(hex(buffer:))
    }

    /// The fingerprint of raw bytes (a file's contents) in hexadecimal.
    public static func hex(bytes: some Sequence<UInt8>) -> String {
        bytes.withContiguousStorageIfAvailable(hex(buffer:)) ?? Array(bytes).withUnsafeBufferPointer(hex(buffer:))
    }

    static func hex(buffer: UnsafeBufferPointer<UInt8>) -> String {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hash: UInt64 = 0x243F_6A88_85A3_08D3 ^ (UInt64(buffer.count) &* multiplier)
        let bytes = UnsafeRawBufferPointer(buffer)
        var offset = 0
        while offset + 8 <= bytes.count {
            hash = mix(hash ^ UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)), multiplier)
            offset += 8
        }
        if offset < bytes.count {
            var last: UInt64 = 0
            for (shift, byte) in bytes[offset...].enumerated() { last |= UInt64(byte) << (8 * UInt64(shift)) }
            hash = mix(hash ^ last, multiplier)
        }
        // Final mixing (MurmurHash3's), so every input bit reaches every output bit.
        hash ^= hash >> 33
        hash = hash &* 0xFF51_AFD7_ED55_8CCD
        hash ^= hash >> 33
        hash = hash &* 0xC4CE_B9FE_1A85_EC53
        hash ^= hash >> 33
        return lowercaseHex(hash)
    }

    /// `value` in lowercase hexadecimal without leading zeros, as `String(value, radix: 16)`
    /// writes it (records made before read the same), in one pass into the string's storage.
    static func lowercaseHex(_ value: UInt64) -> String {
        let digits = max(1, (64 - value.leadingZeroBitCount + 3) / 4)
        return String(unsafeUninitializedCapacity: digits) { out in
            var rest = value
            for index in stride(from: digits - 1, through: 0, by: -1) {
                let nibble = UInt8(truncatingIfNeeded: rest & 0xF)
                out[index] = nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
                rest >>= 4
            }
            return digits
        }
    }

    /// Both halves of the full 128-bit product, folded: unlike a plain 64-bit multiply, a change
    /// in the high bits reaches the low ones, so no change in one word can undo one in the next.
    @inline(__always) private static func mix(_ value: UInt64, _ multiplier: UInt64) -> UInt64 {
        let (high, low) = value.multipliedFullWidth(by: multiplier)
        return high ^ low
    }

    /// The 64-bit FNV-1a fingerprint TableStack used before, in hexadecimal.
    public static func fnv1a(of text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return String(hash, radix: 16)
    }
}
