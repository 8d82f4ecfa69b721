export { CoinIcon, CoinIcons, type CoinIconInfo } from './coin-icons';
