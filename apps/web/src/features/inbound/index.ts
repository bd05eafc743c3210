/** What other features use of inbound; everything else in the folder is its own. */
export { CameraCapture } from './camera-capture';
export { InboundPanel } from './inbound-panel';
