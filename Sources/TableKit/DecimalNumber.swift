import Foundation

/// Numbers as people type them into a form: an optional minus, digits, and an optional decimal
/// point with digits. Swift's `Double(_:)` also takes `0x10`, `1e1`, `+5`, `inf` and `nan`, which
/// no one means in a quantity.
public enum DecimalNumber {
    /// The value of `text` (surrounding spaces allowed), or `nil` if it is not a plain decimal.
    public static func parse(_ text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        var digits = 0, points = 0
        for (offset, character) in trimmed.enumerated() {
            switch character {
            case "-" where offset == 0: continue
            case ".": points += 1
            case "0"..."9": digits += 1
            default: return nil
            }
        }
        guard digits > 0, points <= 1, !trimmed.hasSuffix("."), digits <= 30 else { return nil }
        return Double(trimmed).flatMap { $0.isFinite ? $0 : nil }
    }
}
