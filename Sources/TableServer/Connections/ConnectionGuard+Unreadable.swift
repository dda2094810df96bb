import HTTPTypes
import NIOHTTP1
import NIOHTTPTypesHTTP1

extension ConnectionGuard {
    /// Hummingbird answers a head NIO cannot parse with a bare 400 and no word of why. The
    /// guard answers it instead, and a head `RequestHeadCheck` refused, once the responses owed
    /// before it are sent: this status and sentence. `nil` for an error that is not the request's.
    static func answer(toUnreadable error: any Error) -> (status: HTTPResponse.Status, message: String)? {
        if let refusal = error as? RequestHeadCheck.Refusal { return (.badRequest, refusal.message) }
        // The head was parsed, but its method or target is none HTTP allows.
        if error is HTTP1TypeConversionError { return (.badRequest, "The request line has no method or target this server can read.") }
        guard let error = error as? HTTPParserError else { return nil }
        switch error {
        case .headerOverflow:
            // (Past 80 KiB of address and headers, or 1,000 headers: Hummingbird's limits.)
            return (.requestHeaderFieldsTooLarge, "The request's address and headers are longer, or more, than this server reads.")
        case .invalidURL, .invalidPath, .invalidQueryString, .invalidFragment, .invalidHost, .invalidPort:
            return (.badRequest, "The request's address is not a valid URL.")
        case .invalidMethod:
            return (.badRequest, "The request's method is not one this server reads.")
        case .invalidVersion, .invalidConstant, .lfExpected:
            return (.badRequest, "The request line is not a method, an address and HTTP/1.0 or HTTP/1.1, ended by CR LF.")
        case .invalidHeaderToken, .invalidCharactersUsed:
            return (.badRequest, "A header's name or value holds a character HTTP does not allow there.")
        case .invalidContentLength, .unexpectedContentLength:
            return (.badRequest, "The request's Content-Length is not one length, or comes with another way to tell the body's end.")
        case .unknown:
            return (.badRequest, "The request is not valid HTTP/1.1.")
        default:
            return (.badRequest, "The request is not valid HTTP/1.1 (\(error)).")
        }
    }
}
