import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Fetches pages of a real server over HTTP as a browser's network log shows them: cookies only
/// where a test puts them, and each 303 followed to the page it names by hand. (URLSession's own
/// redirects on Linux drop a path's trailing slash when the Location has a query, and cookies
/// of one test's server on 127.0.0.1 would reach another test's server on another port.)
public enum HTTPFetch {
    final class NoRedirects: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
        func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
            completionHandler(nil)
        }
    }

    /// A session without cookie storage or redirects, for tests to use directly.
    public static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpMaximumConnectionsPerHost = 32
        return URLSession(configuration: configuration, delegate: NoRedirects(), delegateQueue: nil)
    }()

    /// The status, body and `Set-Cookie` of a request (a form post when `body` is given).
    public static func fetch(_ url: String, method: String = "GET", body: String? = nil, cookie: String? = nil) async throws -> (Int, String, String?) {
        var request = URLRequest(url: URL(string: url)!)
        request.httpMethod = method
        if let body {
            request.httpBody = Data(body.utf8)
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        }
        if let cookie { request.setValue(cookie, forHTTPHeaderField: "Cookie") }
        let (data, response) = try await session.data(for: request)
        let http = response as? HTTPURLResponse
        if http?.statusCode == 303, let location = http?.value(forHTTPHeaderField: "Location"), let base = URL(string: url) {
            let target = "\(base.scheme ?? "http")://\(base.host ?? "127.0.0.1"):\(base.port ?? 80)" + location.split(separator: "#")[0]
            // A browser sends the cookies the redirect set (the flash message) with the next request.
            return try await fetch(target, cookie: merged(cookie, http?.value(forHTTPHeaderField: "Set-Cookie")))
        }
        return (http?.statusCode ?? 0, String(decoding: data, as: UTF8.self), http?.value(forHTTPHeaderField: "Set-Cookie"))
    }

    /// A browser's cookies across requests (and servers: behind one load balancer every server
    /// gets the same cookies).
    public final class CookieJar: @unchecked Sendable {
        private let lock = NSLock()
        private var header: String?
        public init() {}
        public var cookie: String? { lock.withLock { header } }
        func store(_ setCookie: String?) { lock.withLock { header = HTTPFetch.merged(header, setCookie) } }
    }

    /// A request from the browser whose cookies `jar` keeps: each response's cookies are stored,
    /// a 303 is followed with them. Returns the final status and body.
    public static func fetch(_ url: String, method: String = "GET", body: String? = nil, jar: CookieJar) async throws -> (Int, String) {
        var request = URLRequest(url: URL(string: url)!, timeoutInterval: 30)
        request.httpMethod = method
        if let body {
            request.httpBody = Data(body.utf8)
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        }
        if let cookie = jar.cookie { request.setValue(cookie, forHTTPHeaderField: "Cookie") }
        let (data, response) = try await session.data(for: request)
        let http = response as? HTTPURLResponse
        jar.store(http?.value(forHTTPHeaderField: "Set-Cookie"))
        if http?.statusCode == 303, let location = http?.value(forHTTPHeaderField: "Location"), let base = URL(string: url) {
            let target = "\(base.scheme ?? "http")://\(base.host ?? "127.0.0.1"):\(base.port ?? 80)" + location.split(separator: "#")[0]
            return try await fetch(target, jar: jar)
        }
        return (http?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    /// The `Cookie` header `cookie` becomes once the cookies in `setCookie` are stored (several
    /// may come folded into one header, separated by commas); an empty value removes one.
    static func merged(_ cookie: String?, _ setCookie: String?) -> String? {
        var pairs: [(String, String)] = (cookie ?? "").split(separator: ";").compactMap { pair in
            let parts = pair.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
            return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
        }
        for header in (setCookie ?? "").split(separator: ",") {
            let first = header.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            let parts = first.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty, !parts[0].contains(" ") else { continue }
            pairs.removeAll { $0.0 == String(parts[0]) }
            if !parts[1].isEmpty { pairs.append((String(parts[0]), String(parts[1]))) }
        }
        return pairs.isEmpty ? nil : pairs.map { "\($0.0)=\($0.1)" }.joined(separator: "; ")
    }
}
