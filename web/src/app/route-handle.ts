/** RouteHandle is route metadata that layouts read. */
export interface RouteHandle {
  /** chrome false hides nav and footer. */
  chrome?: boolean;
}
