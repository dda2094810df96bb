import Foundation

/// Numbers as people type them into a form, as HTML's number box takes them: an optional minus,
/// digits with an optional decimal point, and an optional exponent (`1e2`, `2.5E-3`). Swift's
/// `Double(_:)` also takes `0x10`, `+5`, `inf` and `nan`, which no one means in a quantity.
public enum DecimalNumber {
    /// The value of `text` (surrounding spaces allowed), or `nil` if it is no such number or is
    /// too large for a Double. Digits beyond what a Double holds are rounded: `keepsEveryDigit`
    /// tells when they were.
    public static func parse(_ text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard isWritten(trimmed) else { return nil }
        return Double(trimmed).flatMap { $0.isFinite ? $0 : nil }
    }

    /// Whether `trimmed` is written as HTML's number box takes numbers.
    private static func isWritten(_ trimmed: String) -> Bool {
        let bytes = Array(trimmed.utf8)
        var index = 0
        func digits() -> Int {
            let start = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - start
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        let whole = digits()
        var fraction = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            fraction = digits()
            // "5." is no number, ".5" is.
            guard fraction > 0 else { return false }
        }
        guard whole + fraction > 0 else { return false }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard (1...4).contains(digits()) else { return false }
        }
        return index == bytes.count
    }

    /// A number as typed, read for storing: its value, kept as written; no number at all; or
    /// refused, with why as the end of a sentence after the field's name. A Double reaches from
    /// about 5e-324 to 1.8e308 and keeps 15 to 17 significant digits.
    public enum Reading: Equatable, Sendable {
        case value(Double)
        case notANumber
        case refused(String)
    }

    /// `text` (surrounding spaces allowed) read for storing, in one pass (see `Reading`).
    public static func read(_ text: String) -> Reading {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard isWritten(trimmed), let value = Double(trimmed) else { return .notANumber }
        if value.isInfinite { return .refused("is too large to keep") }
        if keepsEveryDigit(of: trimmed, in: value) { return .value(value) }
        return .refused((value == 0 ? "is too close to zero to keep" : "has more digits than a number here keeps")
                        + ": it would be stored as \(NumberWords.plain(value))")
    }

    /// Why a number written as `parse` takes it cannot be stored as written (`read`'s refusal);
    /// `nil` when it can, or when `text` is no number at all.
    public static func refusal(of text: String) -> String? {
        if case let .refused(why) = read(text) { why } else { nil }
    }

    /// Whether `value`, what `parse` read from `text`, keeps every digit typed: a page shows it
    /// (`NumberWords.plain`) as the same number. A Double holds 15 to 17 significant digits, so
    /// `0.123456789012345678901234567890` would come back as `0.12345678901234568`.
    public static func keepsEveryDigit(of text: String, in value: Double) -> Bool {
        guard let typed = significand(text), let shown = significand(NumberWords.plain(value)) else { return false }
        return typed == shown
    }

    /// A number's digits without the zeros that lead or trail them, and where its point goes
    /// among them: `0.0250` and `2.5e-2` both give ("25", -1). Zero gives ("", 0). Reads only
    /// what `parse` takes, or `nil`.
    private static func significand(_ text: String) -> (digits: [UInt8], point: Int)? {
        var digits: [UInt8] = [], point = 0, seenPoint = false, exponent = 0
        var bytes = Substring(text.trimmingCharacters(in: .whitespaces)).utf8.drop { $0 == UInt8(ascii: "-") }
        while let byte = bytes.first, byte != UInt8(ascii: "e"), byte != UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if byte == UInt8(ascii: ".") { seenPoint = true; continue }
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            if digits.isEmpty, byte == UInt8(ascii: "0") {
                // A leading zero before the point does not move it; one after the point does.
                if seenPoint { point -= 1 }
                continue
            }
            digits.append(byte)
            if !seenPoint { point += 1 }
        }
        if !bytes.isEmpty {
            guard let power = Int(String(decoding: bytes.dropFirst(), as: UTF8.self)) else { return nil }
            exponent = power
        }
        while digits.last == UInt8(ascii: "0") { digits.removeLast() }
        return digits.isEmpty ? ([], 0) : (digits, point + exponent)
    }
}
