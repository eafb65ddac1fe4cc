/** What a fatal error passes to /error in the navigation state (read by the error screen). */
export interface ErrorPageState {
  statusCode?: number;
  statusMessage?: string;
}
