/// The decimal digits of whole numbers of zero or more, written into bytes without making a
/// string: an index path's text form on every row of a page, an export's stamps on every line.
public enum DecimalDigits {
    /// How many digits `value` (zero or more) takes.
    @inlinable
    public static func count<Value: BinaryInteger>(_ value: Value) -> Int {
        var count = 1, rest = value
        while rest >= 10 {
            rest /= 10
            count += 1
        }
        return count
    }

    /// Writes the digits of `value` (zero or more) into `buffer` so that the last one is just
    /// before `end`; returns where the first one is.
    @inlinable
    public static func write<Value: BinaryInteger>(_ value: Value, into buffer: UnsafeMutableBufferPointer<UInt8>, endingAt end: Int) -> Int {
        var rest = value, first = end
        repeat {
            first -= 1
            buffer[first] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        } while rest > 0
        return first
    }
}
