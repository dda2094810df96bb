import Foundation

/// Percent-decoding that refuses malformed escapes and bytes that are not UTF-8: the one
/// decoder of request paths, form fields and exported page names. A form's `+` stands for a
/// space (`plusIsSpace`); in a path it is itself.
public enum PercentDecoding {
    /// The text `bytes` stand for, or `nil` when an escape is malformed or what the escapes spell
    /// is not UTF-8. `bytes` are valid UTF-8 themselves (a string's, or a part of one cut at ASCII).
    public static func decode(_ bytes: UnsafeBufferPointer<UInt8>, plusIsSpace: Bool) -> String? {
        // Most names hold no escape: they are themselves, already valid UTF-8.
        guard bytes.contains(where: { $0 == UInt8(ascii: "%") || (plusIsSpace && $0 == UInt8(ascii: "+")) }) else {
            return String(decoding: bytes, as: UTF8.self)
        }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) else { return nil }
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                index += 1
            }
        }
        return String(validating: decoded, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension Substring {
    /// `PercentDecoding.decode` of this text's UTF-8.
    public func removingPercentEncodingStrictly(plusIsSpace: Bool) -> String? {
        utf8.withContiguousStorageIfAvailable { PercentDecoding.decode($0, plusIsSpace: plusIsSpace) }
            ?? Array(utf8).withUnsafeBufferPointer { PercentDecoding.decode($0, plusIsSpace: plusIsSpace) }
    }
}
