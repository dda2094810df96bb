import Foundation

/// Numbers as pages show them: integral values without a fraction, others with at most two
/// decimals and no trailing zeros (Mustache would print a `Double` as `8.0`).
public enum NumberText {
    /// The text of `value`.
    public static func format(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        // Beyond 10^15 a Double has no hundredths to show, and Int64 would overflow.
        if abs(value) >= 1e15 { return String(format: "%.0f", value) }
        if value == value.rounded() { return String(Int64(value)) }
        let hundredths = (value * 100).rounded()
        var text = String(Int64(hundredths.magnitude) / 100) + "." + String(Int64(hundredths.magnitude) % 100).leftPadded(to: 2)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return (hundredths < 0 ? "-" : "") + text
    }
}
