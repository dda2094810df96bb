import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import ServiceLifecycle
import TableApp
import TableKit
import TableRender
import TableSite
import TableStore

/// Live pages: a page names its stream (`data-live` on `<main>`); the stream sends each change
/// of the lists the page shows as a batch update, in Server-Sent Events (`docs/live-pages.md`).
extension SiteServer {
    /// Seconds without an event after which a stream sends a comment, keeping its connection
    /// from counting as idle; the stream looks three times per heartbeat, so the longest silence
    /// is four thirds of it (20 seconds by default).
    var liveHeartbeat: Double { min(15, configuration.limits.idleTimeout / 3) }

    /// The URL of the stream of `page` shown in `state`, when it can be followed live: a list of
    /// an app file's store, as it first shows or in editing mode, short enough to be sent whole,
    /// whose rows (in `snapshot`, when given) each have a key of their own.
    func liveURL(of page: SitePage, state: ViewState, snapshot: TableSnapshot? = nil) -> String? {
        guard live.limit > 0, let scene = page.scene, !scene.dependencies.isEmpty, Self.feed(of: site) != nil,
              Self.isShort(scene, window: configuration.streamingWindow),
              state.sheet == nil, state.confirmingDelete == nil else { return nil }
        if let snapshot, !LiveTable.rowsHaveDistinctKeys(snapshot) { return nil }
        return site.urls.live(page.path, state: ViewState(isEditing: state.isEditing))
    }

    private static func isShort(_ scene: ResolvedScene, window: Int) -> Bool {
        scene.window?.hasMore != true && scene.rowCounts.reduce(0, +) <= window
    }

    private static func feed(of site: Site) -> ChangeFeed? {
        (site.appRuntime?.store as? any DatabaseStore)?.feed
    }

    /// `GET …/_live`: the stream of a page. It starts with what changed since the revision the
    /// page has (`Last-Event-ID`, or `since` in the query), then sends an event per change, and
    /// ends when the connection closes, the page can no longer be followed, or the server stops.
    func liveStream(_ segments: [String], request: Request, context: ServerContext, session: Session) async throws -> Response {
        let (state, canEdit, pageKey, feed, first) = try await followablePage(segments, request: request, session: session)
        guard let slot = live.open() else { throw Self.noRoomForAStream }
        let stream = LiveStream(feed: feed, lists: first.lists, beat: liveHeartbeat / 3)
        // A client that goes away ends its stream at once, not at the next write.
        context.connectionClosed.whenComplete { _ in
            stream.stop()
            slot.release()
        }
        let since = request.headers.value(of: .lastEventID) ?? request.uri.queryParameters["since"].map(String.init)
        let opening: ByteBuffer
        if since == first.revision {
            // The revision names only the lists the page shows: a page at it may still show an
            // older back title (the item above renamed) or title, which the oldest state kept at it tells.
            let text = live.oldestState(of: pageKey, at: first.revision).flatMap { $0 === first ? nil : live.eventText(from: $0, to: first, moved: []) }
            opening = ByteBuffer(string: LiveHub.start + (text ?? ""))
        } else {
            opening = live.opening(from: since.flatMap { live.oldestState(of: pageKey, at: $0) }, to: first)
        }
        var response = Response(status: .ok, headers: Self.streamHeaders, body: ResponseBody { writer in
            defer {
                stream.stop()
                slot.release()
            }
            try await writer.write(opening)
            // A server shutting down ends the stream, which would otherwise hold the shutdown open.
            let ending = try await withGracefulShutdownHandler {
                try await self.follow(segments, state: state, canEdit: canEdit, key: pageKey, from: first, stream: stream, writer: &writer)
            } onGracefulShutdown: {
                stream.stop()
            }
            if let ending { try await writer.write(ByteBuffer(string: ending)) }
            try await writer.finish(nil)
        })
        session.store(on: &response, signer: signer, basePath: site.urls.basePath)
        return response
    }

    /// `HEAD …/_live`: the head a stream would open with, or the refusal it would get; no
    /// stream is opened.
    func liveStreamHead(_ segments: [String], request: Request, session: Session) async throws -> Response {
        _ = try await followablePage(segments, request: request, session: session)
        guard live.hasRoom else { throw Self.noRoomForAStream }
        return Response(status: .ok, headers: Self.streamHeaders, body: Self.headOfChunkedBody)
    }

    private static let noRoomForAStream = ServerError.unavailable(
        "This server follows as many live pages as it can; the page will try again shortly.", retryAfter: 10)

    private static let streamHeaders: HTTPFields = {
        var headers: HTTPFields = [.contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-cache"]
        headers[.xAccelBuffering] = "no"
        return headers
    }()

    /// The page a stream at `segments` follows, as it is now, with what the stream needs to
    /// follow it; a 404 when it cannot be followed.
    private func followablePage(_ segments: [String], request: Request, session: Session) async throws
        -> (state: ViewState, canEdit: Bool, key: String, feed: ChangeFeed, first: LiveState) {
        let state = viewState(of: request, session: session)
        let canEdit = mayEdit(session)
        let pageKey = segments.joined(separator: "/") + "|" + String(state.isEditing) + "|" + String(canEdit)
        // Controllers of one's own (the Swift library's) keep their data themselves: no feed tells their changes.
        guard let sequence = Self.feed(of: site)?.appliedSequence else {
            throw ServerError.notFound("this site's pages are not followed live: their controllers keep their own data", upPath: [])
        }
        let scene = try await resolve(segments, window: 0..<configuration.streamingWindow)
        let page = SitePage(scene: scene)
        // An item's fields in editing mode are a sheet, which names no stream (`pageResponse`).
        guard let feed = Self.feed(of: site), liveURL(of: page, state: state) != nil,
              (try? sheet(of: page, state: state, session: session)) == nil else {
            throw ServerError.notFound("\"\(page.title)\" cannot be followed live", upPath: segments, upTitle: page.title)
        }
        let first = try await livePage(segments, state: state, canEdit: canEdit, key: pageKey, read: (scene, sequence))
        guard first.isFollowable else { throw ServerError.notFound("\"\(page.title)\" cannot be followed live", upPath: segments, upTitle: page.title) }
        return (state, canEdit, pageKey, feed, first)
    }

    /// Sends the page's changes as `stream` wakes, from `first` on; the stream's last event when
    /// it ends because the page can no longer be followed, `nil` when it ends otherwise.
    private func follow(_ segments: [String], state: ViewState, canEdit: Bool, key: String, from first: LiveState,
                        stream: LiveStream, writer: inout any ResponseBodyWriter) async throws -> String? {
        var sent = first
        var lastWrite = ContinuousClock.now
        let heartbeat = Duration.milliseconds(Int(liveHeartbeat * 1000))
        for await _ in stream.wakes {
            let (dirty, moved) = stream.take()
            if dirty {
                let next: LiveState
                do {
                    next = try await livePage(segments, state: state, canEdit: canEdit, key: key)
                } catch let error as any PageError where error.status == .notFound {
                    return Self.ending("gone", "What this page showed was deleted.")
                }
                guard next.isFollowable else {
                    return Self.ending("stop", "This list has grown too long to follow as it changes; reload the page to see it.")
                }
                stream.follow(next.lists, readAt: next.sequence)
                if next !== sent {
                    let text = live.eventText(from: sent, to: next, moved: moved)
                    sent = next
                    if let text {
                        try await writer.write(ByteBuffer(string: text))
                        lastWrite = .now
                        continue
                    }
                }
            }
            if ContinuousClock.now - lastWrite >= heartbeat {
                try await writer.write(ByteBuffer(string: ":\n\n"))
                lastWrite = .now
            }
        }
        return nil
    }

    private static func ending(_ event: String, _ message: String) -> String {
        "event: \(event)\ndata: \(message)\n\n"
    }

    /// The page at `segments` as a live page cuts it, from `read` when the caller has just read
    /// its scene (and the feed position before that read). Streams of one page share its states
    /// through the hub (`key` names the page, its mode and whether it offers editing): a change
    /// is read and rendered once, however many follow it.
    private func livePage(_ segments: [String], state: ViewState, canEdit: Bool, key: String,
                          read: (scene: ResolvedScene, sequence: Int)? = nil) async throws -> LiveState {
        // Another stream of the page may have read it since the last commit: share its state.
        let sequence = read?.sequence ?? Self.feed(of: site)?.appliedSequence ?? 0
        if let kept = live.state(of: key, since: sequence) { return kept }
        let scene: ResolvedScene
        if let read { scene = read.scene } else { scene = try await resolve(segments, window: 0..<configuration.streamingWindow) }
        if let kept = live.state(of: key, at: scene.revisionToken, item: scene.item, backTitle: scene.stack.backTitle) { return kept }
        let page = SitePage(scene: scene)
        let options = PageOptions(state: ViewState(isEditing: state.isEditing), notice: nil, csrf: canEdit ? PageCache.tokenPlaceholder : nil)
        var tablePage = try site.tablePage(page, options: options, snapshot: try snapshots.snapshot(of: page, isEditing: options.showsEditing))
        let revision = tablePage.revision
        // The frame carries a stand-in for the revision, so that it reads the same at every
        // revision; the page keeps its own form and sets the revision itself.
        tablePage.revision = Self.revisionStandIn
        tablePage.live = site.urls.live(page.path, state: ViewState(isEditing: state.isEditing))
        var table = site.renderer.renderLive(tablePage)
        table.revision = revision
        let made = LiveState(table, item: scene.item, sequence: sequence, lists: scene.dependencies,
                             isShort: Self.isShort(scene, window: configuration.streamingWindow))
        live.keep(made, of: key)
        return made
    }

    static let revisionStandIn = "tablestack-revision"
}
