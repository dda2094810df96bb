import HTTPTypes
import Hummingbird
import NIOCore

/// A response whose body is already in memory: what the router's path hands Hummingbird as a
/// `Response`, and what the event loop writes itself for a warm page (`WarmPageHandler`).
struct PreparedResponse: Sendable {
    var status: HTTPResponse.Status
    var headers: HTTPFields
    var body: [ByteBuffer]

    /// The body's length in bytes.
    var bodyLength: Int { body.reduce(0) { $0 + $1.readableBytes } }

    /// As Hummingbird's response, which adds the Content-Length (unless a HEAD's is set).
    var response: Response {
        let content = switch body.count {
        case 0: ResponseBody()
        case 1: ResponseBody(byteBuffer: body[0])
        default: ResponseBody(contentsOf: body)
        }
        return Response(status: status, headers: headers, body: content)
    }
}
