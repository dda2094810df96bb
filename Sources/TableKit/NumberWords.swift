/// Numbers, counts and series as messages and pages say them.
public enum NumberWords {
    /// `value` without a spurious ".0": 10, 7.5.
    public static func plain(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
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
