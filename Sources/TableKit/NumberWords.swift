/// Numbers, counts and series as messages and pages say them.
public enum NumberWords {
    /// `value` without a spurious ".0": 10, 7.5; and without an exponent while it has at most
    /// 30 digits before the point or 30 places after it: 0.0000001, not 1e-07, which people do not
    /// write and a form would not take back (`DecimalNumber`).
    public static func plain(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 9e18 ? String(Int64(value)) : positional(String(value))
    }

    /// Swift's shortest spelling of a number (`1.5e-07`) with its point moved instead of an exponent.
    private static func positional(_ text: String) -> String {
        guard let mark = text.firstIndex(where: { $0 == "e" || $0 == "E" }), let exponent = Int(text[text.index(after: mark)...]),
              (-30...29).contains(exponent) else { return text }
        var mantissa = text[..<mark]
        let sign = mantissa.hasPrefix("-") ? "-" : ""
        if !sign.isEmpty { mantissa = mantissa.dropFirst() }
        let whole = mantissa.prefix { $0 != "." }
        let digits = String(whole) + mantissa.dropFirst(whole.count + 1)
        let point = whole.count + exponent
        if point <= 0 { return sign + "0." + String(repeating: "0", count: -point) + digits }
        if point >= digits.count { return sign + digits + String(repeating: "0", count: point - digits.count) }
        return sign + digits.prefix(point) + "." + digits.dropFirst(point)
    }

    /// `value` with `noun`, plural (an added "s") unless it is one: "1 row", "3 rows".
    public static func counted(_ value: Int, _ noun: String) -> String {
        "\(value) \(noun)\(value == 1 ? "" : "s")"
    }

    /// `items` as a sentence lists them: "a", "a and b", "a, b and c"; `last` goes before the
    /// last of several (", and " where the items have "and" in them).
    public static func series(_ items: [String], last: String = " and ") -> String {
        guard let final = items.last, items.count > 1 else { return items.joined() }
        return items.dropLast().joined(separator: ", ") + last + final
    }
}
