import Foundation
import HTTPTypes
import NIOCore

/// The Date header's value (IMF-fixdate, RFC 9110 §5.6.7) for the current second, made once a
/// second: responses written without Hummingbird carry it as Hummingbird's do.
final class HTTPDate: @unchecked Sendable {
    static let shared = HTTPDate()

    private let lock = NSLock()
    private var second = -1
    /// The line for `second`, as `ResponseEncoder` writes a field.
    private var line = ByteBuffer()

    /// The Date field for now as a head's line (`Date: …` and its line end).
    var nowLine: ByteBuffer {
        let second = Int(Date().timeIntervalSince1970)
        return lock.withLock {
            if second != self.second {
                self.second = second
                line = ByteBuffer()
                ResponseEncoder.append(HTTPField(name: .date, value: Self.format(second)), to: &line)
            }
            return line
        }
    }

    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `second` (since 1970, UTC) as `Sun, 06 Nov 1994 08:49:37 GMT`.
    static func format(_ second: Int) -> String {
        var time = time_t(second)
        var parts = tm()
        gmtime_r(&time, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }
}
