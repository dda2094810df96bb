import Foundation

/// Numbers as people type them into a form, as HTML's number box takes them: an optional minus,
/// digits with an optional decimal point, and an optional exponent (`1e2`, `2.5E-3`). Swift's
/// `Double(_:)` also takes `0x10`, `+5`, `inf` and `nan`, which no one means in a quantity.
public enum DecimalNumber {
    /// The value of `text` (surrounding spaces allowed), or `nil` if it is no such number, has
    /// more than 30 digits after its leading zeros, or is too large for a Double.
    public static func parse(_ text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let bytes = Array(trimmed.utf8)
        var index = 0
        func digits() -> (count: Int, significant: Int) {
            var count = 0, significant = 0
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                if significant > 0 || bytes[index] != UInt8(ascii: "0") { significant += 1 }
                count += 1
                index += 1
            }
            return (count, significant)
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        let whole = digits()
        var fraction = (count: 0, significant: 0)
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            fraction = digits()
            // "5." is no number, ".5" is.
            guard fraction.count > 0 else { return nil }
        }
        guard whole.count + fraction.count > 0 else { return nil }
        // Digits after the leading zeros: those of the fraction count in full once the whole part has any.
        guard (whole.significant > 0 ? whole.significant + fraction.count : fraction.significant) <= 30 else { return nil }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard (1...4).contains(digits().count) else { return nil }
        }
        guard index == bytes.count else { return nil }
        return Double(trimmed).flatMap { $0.isFinite ? $0 : nil }
    }
}
