/// Numbers as people read them in messages and stored text.
public enum NumberWords {
    /// `value` without a spurious ".0": 10, 7.5.
    public static func plain(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
