import Foundation
import HTTPTypes
import Hummingbird
import NIOConcurrencyHelpers
import NIOCore
import ServiceLifecycle
import TableApp
import TableRender
import TableSite
import TableStore

/// Live pages: a page names its stream (`data-live` on `<main>`); the stream sends each change
/// of the lists the page shows as a batch update, in Server-Sent Events.
extension SiteServer {
    /// Seconds between the comments that keep an idle stream's connection open (well inside
    /// the idle timeout, which closes connections with nothing moving).
    var liveHeartbeat: Double { min(15, configuration.limits.idleTimeout / 3) }

    /// The URL of the stream of `page` shown in `state`, when it can be followed live: a list
    /// from an app file's store, as it first shows or in editing mode, short enough to be sent
    /// whole (a longer one is sent in windows and not followed).
    func liveURL(of page: SitePage, state: ViewState) -> String? {
        guard live.limit > 0, let scene = page.scene, scene.window?.hasMore != true,
              scene.rowCounts.reduce(0, +) <= configuration.streamingWindow, Self.feed(of: site) != nil,
              state.sheet == nil, state.confirmingDelete == nil else { return nil }
        return site.urls.live(page.path, state: ViewState(isEditing: state.isEditing))
    }

    private static func feed(of site: Site) -> ChangeFeed? {
        (site.appRuntime?.store as? any DatabaseStore)?.feed
    }

    /// `GET …/_live`: the stream of a page. It starts with what changed since the revision the
    /// page has (`Last-Event-ID`, or `since` in the query), then sends an event per change.
    func liveStream(_ segments: [String], request: Request, session: Session) async throws -> Response {
        let state = viewState(of: request, session: session)
        let canEdit = mayEdit(session)
        let pageKey = segments.joined(separator: "/") + "|" + String(state.isEditing) + "|" + String(canEdit)
        let page = SitePage(scene: try await resolve(segments, window: 0..<configuration.streamingWindow))
        guard let feed = Self.feed(of: site), liveURL(of: page, state: state) != nil else {
            throw ServerError.notFound("\"\(page.title)\" cannot be followed live", upPath: segments)
        }
        let first = try await livePage(segments, state: state, canEdit: canEdit, key: pageKey)
        guard live.open() else {
            throw ServerError.unavailable("This server follows as many live pages as it can; the page will try again shortly.", retryAfter: 10)
        }
        let since = request.headers[.lastEventID] ?? request.uri.queryParameters["since"].map(String.init)
        let hub = live
        let heartbeat = liveHeartbeat
        var headers: HTTPFields = [.contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-cache"]
        headers[.xAccelBuffering] = "no"
        var response = Response(status: .ok, headers: headers, body: ResponseBody { writer in
            defer { hub.close() }
            // Commits of the page's lists mark the stream dirty and wake it; so does the
            // heartbeat, without marking. One pending wake is enough: a dirty stream sends the
            // page as it is when it wakes. It starts dirty: a commit may have come before it
            // subscribed.
            let (wakes, wake) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
            let lists = NIOLockedValueBox(first.lists)
            let dirty = NIOLockedValueBox(true)
            let moved = NIOLockedValueBox(Set<String>())
            let commits = feed.subscribe()
            let follower = Task {
                var last: Int?
                for await commit in commits {
                    let missed = last.map { commit.sequence != $0 + 1 } ?? false
                    last = commit.sequence
                    let watched = lists.withLockedValue { $0 }
                    if missed || commit.touches(watched) {
                        let movedKeys = commit.lists.filter { watched.contains($0.list) }.flatMap(\.moved)
                        moved.withLockedValue { $0.formUnion(movedKeys) }
                        dirty.withLockedValue { $0 = true }
                        wake.yield()
                    }
                }
            }
            let beat = Task {
                while !Task.isCancelled {
                    try? await Task.sleep(nanoseconds: UInt64(heartbeat * 1_000_000_000))
                    wake.yield()
                }
            }
            defer {
                follower.cancel()
                beat.cancel()
            }
            wake.yield()
            var sent = first.state
            let opening: LiveEvent? = since == first.state.revision ? nil
                : LiveEvent(from: since.flatMap { hub.state(of: pageKey, at: $0) }, to: first.state)
            try await writer.write(ByteBuffer(string: "retry: 2000\n\n" + (opening?.text ?? "")))
            var lastWrite = ContinuousClock.now
            // A server shutting down ends the stream, which would otherwise hold the shutdown open.
            try await withGracefulShutdownHandler {
                for await _ in wakes {
                    if dirty.withLockedValue({ flag in defer { flag = false }; return flag }) {
                        // Taken before the page is read: a commit after this is in a later event.
                        let movedKeys = moved.withLockedValue { keys in defer { keys = [] }; return keys }
                        let next: (state: LiveState, lists: Set<ListID>)
                        do {
                            next = try await self.livePage(segments, state: state, canEdit: canEdit, key: pageKey)
                        } catch let error as any PageError where error.status == .notFound {
                            // The list is gone (its item was deleted): say so and end the stream.
                            try await writer.write(ByteBuffer(string: "event: gone\ndata: \(Self.oneLine(error.description))\n\n"))
                            return
                        }
                        lists.withLockedValue { $0 = next.lists }
                        if next.state !== sent {
                            let text = hub.eventText(from: sent, to: next.state, moved: movedKeys)
                            sent = next.state
                            if let text {
                                try await writer.write(ByteBuffer(string: text))
                                lastWrite = .now
                                continue
                            }
                        }
                    }
                    if ContinuousClock.now - lastWrite >= .seconds(heartbeat) {
                        try await writer.write(ByteBuffer(string: ":\n\n"))
                        lastWrite = .now
                    }
                }
            } onGracefulShutdown: {
                wake.finish()
            }
            try await writer.finish(nil)
        })
        session.store(on: &response, signer: signer, basePath: site.urls.basePath)
        return response
    }

    /// The page at `segments` as a live page cuts it, and the lists it shows. Streams of one
    /// page share its states through the hub (`key` names the page, its mode and whether it
    /// offers editing): a change is rendered once, however many follow it.
    private func livePage(_ segments: [String], state: ViewState, canEdit: Bool, key: String) async throws
        -> (state: LiveState, lists: Set<ListID>) {
        // Another stream of the page may have read it since the last commit: share its state.
        let sequence = Self.feed(of: site)?.appliedSequence ?? 0
        if let kept = live.state(of: key, since: sequence) { return (kept, kept.lists) }
        let scene = try await resolve(segments, window: 0..<configuration.streamingWindow)
        let page = SitePage(scene: scene)
        let options = PageOptions(state: ViewState(isEditing: state.isEditing), notice: nil, csrf: canEdit ? PageCache.tokenPlaceholder : nil)
        if let kept = live.state(of: key, at: scene.revisionToken, item: .some(scene.item)) {
            return (kept, scene.dependencies)
        }
        var tablePage = try site.tablePage(page, options: options, snapshot: try snapshots.snapshot(of: page, isEditing: options.showsEditing))
        let revision = tablePage.revision
        // The frame carries a stand-in for the revision, so that it reads the same at every
        // revision; the page keeps its own form and sets the revision itself.
        tablePage.revision = Self.revisionStandIn
        tablePage.live = liveURL(of: page, state: state)
        var table = site.renderer.renderLive(tablePage)
        table.revision = revision
        let made = LiveState(table, item: scene.item, sequence: sequence, lists: scene.dependencies)
        live.keep(made, of: key)
        return (made, scene.dependencies)
    }

    static let revisionStandIn = "tablestack-revision"

    private static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 })
    }
}

extension HTTPField.Name {
    static let lastEventID = Self("Last-Event-ID")!
    static let xAccelBuffering = Self("X-Accel-Buffering")!
}
